// The distribution of one measure as an ApexCharts horizontal box plot: whiskers at p10 and p90 (the
// band), the p25–p75 box with the median, the median's 95 % interval shaded and the person's own value
// marked. A group too small for p10/p90 (under TAIL_PERCENTILE_MINIMUM) draws the box alone, whiskers closed on it. The legend under the chart (in the page) names the shaded interval. Loaded on demand (React.lazy) so ApexCharts is only downloaded by pages that draw charts.
// react-apexcharts 1.x is CommonJS: under Vite its component is `mod.default ?? mod`.
import ReactApexChartModule from 'react-apexcharts';
import type { ComponentType } from 'react';
import type { ApexOptions } from 'apexcharts';
import type { Props as ApexChartProps } from 'react-apexcharts';
import { distributionBox, distributionRange, type Statistic } from '../../../domain/peerDistribution';

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

export default function DistributionChart({ statistic, label, ownValue, text, formatMoney, formatAxis }: DistributionChartProps) {
  const box = distributionBox(statistic);
  const range = distributionRange(box, ownValue);
  if (!box || !range) return null;

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
      min: range.min,
      max: range.max,
      tickAmount: 4,
      labels: { formatter: (value: string) => formatAxis(Number(value)), hideOverlappingLabels: true, style: { fontSize: '10px' } },
    },
    yaxis: { labels: { show: false } },
    grid: { padding: { left: 8, right: 16 } },
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
    <div role="img" aria-label={text.ariaLabel} data-testid="distribution-chart-canvas">
      <ApexChart type="boxPlot" height={150} options={options} series={[{ name: label, type: 'boxPlot', data: [{ x: label, y: box.y }] }]} />
    </div>
  );
}
