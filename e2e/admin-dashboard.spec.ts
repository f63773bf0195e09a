// The admin area in the browser against the real server and its seeded data: the admin signs in and lands on the
// statistics dashboard with real figures and drawn charts, moves through the admin navigation by keyboard, cuts a
// release (or reads why none was cut), changes the minimum values (refused first with a translated problem, then
// saved), and the layout holds on a 390 px wide phone. The minimum values are put back at the end, so later specs
// see the seeded configuration.
import { expect, test, type Page } from './fixtures';
import { signInAs } from './auth-support';
import { expectAccessible, visit } from './a11y-support';

async function numberIn(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

test.describe('admin dashboard', () => {
  test('an admin lands on real figures, cuts a release and changes the minimum values', async ({ page }) => {
    // A long journey through four pages on a shared machine.
    test.setTimeout(120_000);
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/stats$/);

    // The dashboard: real counts from the seeded database and drawn charts.
    const nav = page.getByRole('navigation', { name: 'Administración' });
    await expect(nav).toBeVisible();
    await expect(page.getByTestId('admin-nav-stats')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('stats-card-forms-value')).toBeVisible();
    expect(await numberIn(page, 'stats-card-forms-value')).toBeGreaterThan(100);
    expect(await numberIn(page, 'stats-card-users-value')).toBeGreaterThan(3);
    expect(await numberIn(page, 'stats-card-counted-value')).toBeGreaterThan(0);
    await expect(page.getByTestId('stats-by-year-chart').locator('svg.apexcharts-svg')).toBeVisible();
    await expect(page.getByTestId('stats-funnel-chart').locator('svg.apexcharts-svg')).toBeVisible();
    await expect(page.getByTestId('stats-weekly-chart').locator('svg.apexcharts-svg')).toBeVisible();
    await expect(page.getByTestId('stats-by-sector-chart')).toHaveAttribute('role', 'img');
    // The same figures as a table, for reading exact values.
    await page.getByTestId('stats-by-year').locator('summary').click();
    await expect(page.getByTestId('stats-by-year-table').locator('tbody tr').first()).toBeVisible();
    // Refresh keeps the figures on screen and brings them back.
    await page.getByTestId('stats-refresh').click();
    await expect(page.getByTestId('stats-card-forms-value')).toBeVisible();
    await expect(page.getByTestId('stats-refresh')).toBeEnabled();

    // Keyboard: the navigation's links are reached with the keyboard and followed with Enter.
    await page.getByTestId('admin-nav-stats').focus();
    for (let i = 0; i < 12; i++) {
      if (await page.getByTestId('admin-nav-releases').evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(page.getByTestId('admin-nav-releases')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/releases$/);
    await expect(page.getByTestId('admin-nav-releases')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('admin-nav-stats')).not.toHaveAttribute('aria-current', 'page');

    // Releases: the list with the current release, the next scheduled cut and K; cutting asks first.
    await expect(page.getByTestId('releases-row').first()).toBeVisible();
    await expect(page.locator('[data-testid="releases-row"][data-current]')).toHaveCount(1);
    await expect(page.getByTestId('releases-next-cut')).toBeVisible();
    await expect(page.getByTestId('releases-effect-note')).toBeVisible();
    const before = await page.getByTestId('releases-row').count();
    await page.getByTestId('releases-cut').click();
    await expect(page.getByTestId('confirm-modal')).toHaveAttribute('data-kind', 'cut');
    await page.getByTestId('confirm-resolve').click();
    const outcome = page.getByTestId('releases-cut-done').or(page.getByTestId('releases-refused'));
    await expect(outcome).toBeVisible();
    if (await page.getByTestId('releases-refused').isVisible()) {
      // Refused with its reason, in Spanish: how many counted forms changed and K.
      await expect(page.getByTestId('releases-refused')).toContainText('deben cambiar al menos');
      await expect(page.getByTestId('releases-row')).toHaveCount(before);
    } else {
      await expect(page.getByTestId('releases-cut-done')).toContainText('Se publicó la versión');
    }

    // Configuration: the minimum values, refused with a translated problem, then saved after confirming.
    await page.getByTestId('admin-nav-configs').click();
    await expect(page).toHaveURL(/\/admin\/configs$/);
    const minFixed = page.getByTestId('config-minFixed');
    await expect(minFixed).toBeVisible();
    const original = await minFixed.inputValue();
    await minFixed.fill('1000');
    await page.getByTestId('config-min-values-save').click();
    await expect(page.getByTestId('config-min-values-problems')).toBeVisible();
    await expect(page.getByTestId('config-min-values')).toContainText('Introduzca un valor de 80000 a 6000000');
    await expect(minFixed).toHaveValue('1000');

    await minFixed.fill(String(Number(original) + 1000));
    await page.getByTestId('config-min-values-save').click();
    await expect(page.getByTestId('config-min-values-confirm')).toContainText('próxima publicación');
    await page.getByTestId('config-min-values-confirm-yes').click();
    await expect(page.getByTestId('config-min-values-saved')).toBeVisible();
    await expect(minFixed).toHaveValue(String(Number(original) + 1000));

    // The stored value is what the page reads again.
    await page.reload();
    await expect(page.getByTestId('config-minFixed')).toHaveValue(String(Number(original) + 1000));

    // Put the seeded value back for the specs that follow.
    await page.getByTestId('config-minFixed').fill(original);
    await page.getByTestId('config-min-values-save').click();
    await page.getByTestId('config-min-values-confirm-yes').click();
    await expect(page.getByTestId('config-min-values-saved')).toBeVisible();
  });

  test('the admin layout holds on a 390 px wide phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'admin');
    await expect(page.getByTestId('stats-card-forms-value')).toBeVisible();
    const nav = page.getByTestId('admin-nav');
    await expect(nav).toBeVisible();
    for (const id of ['stats', 'releases', 'configs']) await expect(page.getByTestId(`admin-nav-${id}`)).toBeVisible();
    // Nothing wider than the screen: no sideways scrolling of the page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('admin-nav-configs').click();
    await expect(page.getByTestId('config-minFixed')).toBeVisible();
    const configsOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(configsOverflow).toBeLessThanOrEqual(0);
  });

  test("the charts' labels never run into each other, and the weekly chart shows a history", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'admin');
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/admin/stats');
      // The funnel's steps and the sector, country and level names: every label line of a chart clear of the others.
      for (const chart of ['stats-funnel-chart', 'stats-by-sector-chart', 'stats-by-country-chart', 'stats-by-position-chart']) {
        const svg = page.getByTestId(chart).locator('svg.apexcharts-svg');
        await expect(svg).toBeVisible();
        await expect(svg.locator('.apexcharts-yaxis-texts-g text').first()).toBeVisible();
        const lines = await svg.evaluate((element) =>
          [...element.querySelectorAll('.apexcharts-yaxis-texts-g tspan, .apexcharts-xaxis-texts-g tspan')]
            .filter((tspan) => (tspan.textContent ?? '').trim() !== '')
            .map((tspan) => {
              const box = tspan.getBoundingClientRect();
              return { text: (tspan.textContent ?? '').trim(), left: box.left, right: box.right, top: box.top, bottom: box.bottom };
            }),
        );
        expect(lines.length, chart).toBeGreaterThan(1);
        for (const [i, a] of lines.entries()) {
          for (const b of lines.slice(i + 1)) {
            const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            expect(overlap, `${chart} at ${viewport.width}px: "${a.text}" and "${b.text}" overlap`).toBe(false);
          }
        }
      }
    }
    // The weekly chart starts at the first week with activity, and the seeded accounts spread over the weeks.
    const weeks = page.getByTestId('stats-weekly-table').locator('tbody tr');
    const counts = await weeks.evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => Number((cell.textContent ?? '').replace(/[^\d]/g, '')))),
    );
    expect(counts.length).toBeGreaterThan(1);
    expect(counts[0][0] + counts[0][1], 'the first week drawn has activity').toBeGreaterThan(0);
    expect(counts.filter(([registrations]) => registrations > 0).length).toBeGreaterThan(counts.length / 2);
    await expect(page.getByTestId('stats-weekly-chart')).toHaveAttribute('data-points', String(counts.length));
  });

  test('the outbox lists the mails stored instead of sent, and opens one', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.getByTestId('admin-nav-outbox').click();
    await expect(page).toHaveURL(/\/admin\/outbox$/);
    const rows = page.getByTestId('outbox-row');
    const empty = page.getByTestId('outbox-empty');
    await expect(rows.first().or(empty)).toBeVisible();
    if (await empty.isVisible()) return;
    await rows.first().getByRole('button').click();
    await expect(page.getByTestId('outbox-message')).toBeVisible();
    await expect(page.getByTestId('outbox-message-text')).not.toBeEmpty();
    await page.getByTestId('outbox-back').click();
    await expect(rows.first()).toBeVisible();
  });

  test('the admin pages pass axe in both languages at both widths', async ({ page }) => {
    test.setTimeout(240_000);
    await signInAs(page, 'admin');
    await page.getByTestId('cookie-deny').click();
    await expect(page.getByTestId('stats-by-year-chart').locator('svg.apexcharts-svg')).toBeVisible();
    await expectAccessible(page, '/admin/stats with figures');

    await visit(page, '/admin/releases', 'admin-releases-page');
    await expect(page.getByTestId('releases-row').first()).toBeVisible();
    await expectAccessible(page, '/admin/releases');
    await expectAccessible(page, '/admin/releases confirm cut', {
      open: async (p) => {
        await p.getByTestId('releases-cut').click();
        await expect(p.getByTestId('confirm-modal')).toBeVisible();
      },
      close: async (p) => {
        await p.getByTestId('confirm-reject').click();
        await expect(p.getByTestId('confirm-modal')).toBeHidden();
      },
    });

    await visit(page, '/admin/configs', 'admin-configs-page');
    await expect(page.getByTestId('config-minFixed')).toBeVisible();
    await page.getByTestId('config-minFixed').fill('1');
    await page.getByTestId('config-min-values-save').click();
    await expect(page.getByTestId('config-min-values-problems')).toBeVisible();
    await expectAccessible(page, '/admin/configs with a problem');

    await visit(page, '/admin/outbox', 'admin-outbox-page');
    await expect(page.getByTestId('outbox-row').first().or(page.getByTestId('outbox-empty'))).toBeVisible();
    await expectAccessible(page, '/admin/outbox');
  });
});
