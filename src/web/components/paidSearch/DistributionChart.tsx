// The distribution of one measure as an ApexCharts horizontal box plot: whiskers at p10 and p90 (the
// band), the p25–p75 box with the median, the median's 95 % interval shaded and the person's own value
// marked. A group too small for p10/p90 (under TAIL_PERCENTILE_MINIMUM) draws the box alone, whiskers closed on it. The legend under the chart (in the page) names the shaded interval. Loaded on demand (React.lazy) so ApexCharts is only downloaded by pages that draw charts.
// react-apexcharts 1.x is CommonJS: under Vite its component is `mod.default ?? mod`.
import ReactApexChartModule from 'react-apexcharts';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Box } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import type { Props as ApexChartProps } from 'react-apexcharts';
import { distributionBox, distributionRange, type Statistic } from '../../../domain/peerDistribution';
import { axisTicks, intervalsThatFit, labelWidth, tickLabel, withLeadingBlank } from './chartAxis';

const moduleValue = ReactApexChartModule as unknown as { default?: ComponentType<ApexChartProps> } & ComponentType<ApexChartProps>;
const ApexChart: ComponentType<ApexChartProps> = moduleValue.default ?? moduleValue;

export interface DistributionChartProps {
  statistic: Statistic;
  /** The category label (the measure's name). */
  label: string;
  ownValue: number | null;
  /** Texts, already translated and formatted. */
  text: { own: string; ariaLabel: string };
  formatMoney: (value: number) => string;
  formatAxis: (value: number) => string;
}

const BRAND = { box: '#2a9386', boxLight: '#9fd1c9', own: '#c05621', ci: '#196259' };
const AXIS_FONT_PX = 11;
/** Width assumed before the first measurement (a phone's chart). */
const FIRST_GUESS_WIDTH = 320;

/** The element's content width, followed as the window (or the layout) changes. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export default function DistributionChart({ statistic, label, ownValue, text, formatMoney, formatAxis }: DistributionChartProps) {
  const [container, width] = useWidth<HTMLDivElement>();
  const box = distributionBox(statistic);
  const range = distributionRange(box, ownValue);
  if (!box || !range) return <Box ref={container} />;

  // As many round ticks as the width holds: labels never overlap, and the axis starts and ends on a tick.
  // Half a label of padding on each side keeps the first and last labels inside the drawing.
  const widest = Math.max(labelWidth(formatAxis(range.min), AXIS_FONT_PX), labelWidth(formatAxis(range.max), AXIS_FONT_PX));
  const sidePadding = Math.ceil(widest / 2) + 4;
  const plotWidth = (width || FIRST_GUESS_WIDTH) - 2 * sidePadding;
  const ticks = withLeadingBlank(axisTicks(range.min, range.max, intervalsThatFit(plotWidth, widest) - 1, formatAxis));

  const options: ApexOptions = {
    chart: {
      type: 'boxPlot',
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      fontFamily: 'inherit',
      parentHeightOffset: 0,
    },
    plotOptions: {
      bar: { horizontal: true, barHeight: '46%' },
      boxPlot: { colors: { upper: BRAND.box, lower: BRAND.boxLight } },
    },
    stroke: { colors: ['#134b44'], width: 1.5 },
    xaxis: {
      min: ticks.min,
      max: ticks.max,
      tickAmount: ticks.intervals,
      labels: {
        formatter: (value: string) => tickLabel(ticks, Number(value), formatAxis),
        // The ticks are planned not to overlap; ApexCharts' own hiding drops the first label of an axis
        // that does not start at 0.
        hideOverlappingLabels: false,
        trim: false,
        style: { fontSize: `${AXIS_FONT_PX}px`, colors: '#4a5568' },
      },
    },
    yaxis: { labels: { show: false } },
    grid: { padding: { left: sidePadding, right: sidePadding } },
    legend: { show: false },
    tooltip: {
      custom: () =>
        `<div style="padding:6px 10px;font-size:12px">${[
          `P10–P90: ${box.tails ? `${formatMoney(box.y[0])} – ${formatMoney(box.y[4])}` : '—'}`,
          `P25–P75: ${formatMoney(box.y[1])} – ${formatMoney(box.y[3])}`,
          `P50: ${formatMoney(box.y[2])}`,
        ].join('<br/>')}</div>`,
    },
    annotations: {
      xaxis: [
        ...(box.medianCi
          ? [
              {
                x: box.medianCi.low,
                x2: box.medianCi.high,
                fillColor: BRAND.ci,
                opacity: 0.12,
                borderColor: BRAND.ci,
              },
            ]
          : []),
        ...(ownValue !== null
          ? [
              {
                x: ownValue,
                borderColor: BRAND.own,
                strokeDashArray: 0,
                borderWidth: 2,
                label: {
                  text: text.own,
                  orientation: 'horizontal',
                  position: 'top',
                  borderColor: BRAND.own,
                  style: { color: '#fff', background: BRAND.own, fontSize: '11px' },
                },
              },
            ]
          : []),
      ],
    },
  };

  return (
    <Box
      ref={container}
      role="img"
      aria-label={text.ariaLabel}
      // ApexCharts gives the size as an SVG attribute, which the page's CSS overrides: say it in CSS.
      css={{ '& .apexcharts-xaxis-label': { fontSize: `${AXIS_FONT_PX}px` } }}
      data-testid="distribution-chart-canvas"
      data-labels={ticks.labelled.length}
    >
      <ApexChart type="boxPlot" height={150} options={options} series={[{ name: label, type: 'boxPlot', data: [{ x: label, y: box.y }] }]} />
    </Box>
  );
}
