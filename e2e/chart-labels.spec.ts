// The comparison's box-plot charts stay readable at every width: the value axis' labels, as
// drawn by ApexCharts, never overlap and all sit inside the chart's SVG, on a phone (390 px) and a laptop
// (1366 px), in Spanish and English; the first and last ticks are labelled.
import { expect, test, type Page } from './fixtures';
import { waitForSearchable } from './comparison-support';
import { switchLanguage, VIEWPORTS } from './a11y-support';

interface Box {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Every chart's SVG box and the boxes of its visible x-axis labels. */
async function axisLabelBoxes(page: Page) {
  return page.locator('[data-testid^="distribution-chart-"] svg.apexcharts-svg').evaluateAll((svgs) =>
    svgs.map((svg) => {
      const frame = svg.getBoundingClientRect();
      const labels = [...svg.querySelectorAll('.apexcharts-xaxis-texts-g text tspan')]
        .filter((text) => (text.textContent ?? '').trim() !== '' && getComputedStyle(text.parentElement!).display !== 'none')
        .map((text) => {
          const box = text.getBoundingClientRect();
          return { text: (text.textContent ?? '').trim(), left: box.left, right: box.right, top: box.top, bottom: box.bottom };
        });
      return {
        frame: { text: 'svg', left: frame.left, right: frame.right, top: frame.top, bottom: frame.bottom },
        labels,
        ticks: Number(svg.closest('[data-labels]')?.getAttribute('data-labels') ?? 0),
      };
    }),
  );
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The first label of a reading outside its chart or over its neighbour, if any. */
function firstProblem(charts: Awaited<ReturnType<typeof axisLabelBoxes>>): string | undefined {
  for (const chart of charts) {
    const outside = chart.labels.find((label) => label.left < chart.frame.left || label.right > chart.frame.right || label.bottom > chart.frame.bottom);
    if (outside) return `"${outside.text}" outside its chart`;
    const sorted = [...chart.labels].sort((a, b) => a.left - b.left);
    const over = sorted.findIndex((label, k) => k > 0 && overlaps(sorted[k - 1], label));
    if (over > 0) return `"${sorted[over - 1].text}" and "${sorted[over].text}" overlap`;
  }
  return undefined;
}

test('the distribution charts label their value axis without overlaps, inside the chart, on a phone and a laptop', async ({ page }) => {
  await page.goto('/demo-comparison');
  const result = page.getByTestId('comparison-result');
  await expect(page.getByTestId('comparison-search').or(result).first()).toBeVisible();
  if (!(await result.isVisible())) {
    await waitForSearchable(page);
    await page.getByTestId('comparison-search').click();
  }
  await expect(result).toHaveAttribute('data-stale', 'false');

  for (const language of ['es', 'en'] as const) {
    await switchLanguage(page, language);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const where = `${language}, ${viewport.width}px`;
      // The charts redraw after the resize; wait until every chart shows the ticks it planned for this width, and
      // check that very reading (a second one could catch ApexCharts in the middle of another redraw).
      let charts: Awaited<ReturnType<typeof axisLabelBoxes>> = [];
      await expect
        .poll(
          async () => {
            charts = await axisLabelBoxes(page);
            const redrawn = charts.length > 0 && charts.every((chart) => chart.ticks > 0 && chart.labels.length === chart.ticks);
            // A reading taken while ApexCharts swaps its drawing for the new width can have the new frame with the
            // old labels: read again until one drawing is whole, and check that reading below (a drawing that stays
            // wrong times out here, naming its first problem).
            return redrawn ? (firstProblem(charts) ?? 'whole') : 'not redrawn';
          },
          { message: `charts redrawn, every label inside its chart and apart from the others (${where})` },
        )
        .toBe('whole');

      for (const [i, chart] of charts.entries()) {
        expect(chart.labels.length, `chart ${i} has at least 2 labels (${where})`).toBeGreaterThanOrEqual(2);
        for (const label of chart.labels) {
          expect(label.left, `"${label.text}" inside the chart on the left (${where})`).toBeGreaterThanOrEqual(chart.frame.left);
          expect(label.right, `"${label.text}" inside the chart on the right (${where})`).toBeLessThanOrEqual(chart.frame.right);
          expect(label.bottom, `"${label.text}" inside the chart at the bottom (${where})`).toBeLessThanOrEqual(chart.frame.bottom);
        }
        const sorted = [...chart.labels].sort((a, b) => a.left - b.left);
        for (let k = 1; k < sorted.length; k++) {
          expect(overlaps(sorted[k - 1], sorted[k]), `"${sorted[k - 1].text}" and "${sorted[k].text}" overlap (${where})`).toBe(false);
        }
        expect(new Set(chart.labels.map((label) => label.text)).size, `labels all different (${where})`).toBe(chart.labels.length);
      }
      if (viewport.name === 'phone') expect(Math.max(...charts.map((chart) => chart.ticks)), `at most six labels on a phone`).toBeLessThanOrEqual(6);
    }
  }
});
