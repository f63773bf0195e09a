// A yearly trend as an ApexCharts line chart: an optional shaded band (rangeArea, e.g. p25–p75) under any number
// of lines (the median, the person's own figures, a projection). A missing value (a year under K) leaves a gap, the
// year stays on the axis. Loaded on demand (React.lazy) like DistributionChart, so ApexCharts is in its own chunk.
// Values are drawn in the currency shown (src/domain/money.ts), so the axis's round ticks are round in that currency.
// react-apexcharts 1.x is CommonJS: under Vite its component is `mod.default ?? mod`.
import ReactApexChartModule from 'react-apexcharts';
import type { ComponentType } from 'react';
import type { ApexOptions } from 'apexcharts';
import type { Props as ApexChartProps } from 'react-apexcharts';
import type { MoneyDisplay, MoneyKind } from '../../../domain/money';

const moduleValue = ReactApexChartModule as unknown as { default?: ComponentType<ApexChartProps> } & ComponentType<ApexChartProps>;
const ApexChart: ComponentType<ApexChartProps> = moduleValue.default ?? moduleValue;

export interface TrendLine {
  name: string;
  values: Array<number | null>;
  color: string;
  dashed?: boolean;
  /** What the values are (how they are rounded once shown); the chart's `kind` when left out. */
  kind?: MoneyKind;
}

export interface TrendChartProps {
  years: number[];
  band?: { name: string; low: Array<number | null>; high: Array<number | null>; color: string } | null;
  lines: TrendLine[];
  ariaLabel: string;
  /** How the amounts are shown: converted and rounded before drawing. */
  money: MoneyDisplay;
  /** What the amounts are: published statistics (default) or projections. */
  kind?: MoneyKind;
  testId?: string;
}

export default function TrendChart({ years, band: bandAsked, lines: linesAsked, ariaLabel, money, kind = 'statistic', testId }: TrendChartProps) {
  // A series without any value (a group under K in every year) is left out, so the legend names only what is drawn.
  const band = bandAsked && bandAsked.low.some((low, i) => low !== null && bandAsked.high[i] !== null) ? bandAsked : null;
  const lines = linesAsked.filter((line) => line.values.some((value) => value !== null && value !== undefined));
  const categories = years.map(String);
  const shown = (value: number | null | undefined, as: MoneyKind = kind) => (value === null || value === undefined ? null : money.value(value, as));
  const bandSeries = band
    ? [
        {
          type: 'rangeArea',
          name: band.name,
          data: categories.map((x, i) => {
            const low = shown(band.low[i]);
            const high = shown(band.high[i]);
            return { x, y: low !== null && high !== null ? [low, high] : null };
          }),
        },
      ]
    : [];
  const lineSeries = lines.map((line) => ({ type: 'line', name: line.name, data: categories.map((x, i) => ({ x, y: shown(line.values[i], line.kind) })) }));
  const colors = [...(band ? [band.color] : []), ...lines.map((line) => line.color)];
  const options: ApexOptions = {
    chart: { type: 'rangeArea', toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, fontFamily: 'inherit' },
    colors,
    fill: { opacity: [...(band ? [0.22] : []), ...lines.map(() => 1)] },
    stroke: {
      curve: 'straight',
      width: [...(band ? [0] : []), ...lines.map(() => 3)],
      dashArray: [...(band ? [0] : []), ...lines.map((line) => (line.dashed ? 6 : 0))],
    },
    markers: { size: [...(band ? [0] : []), ...lines.map(() => 4)], hover: { sizeOffset: 2 } },
    dataLabels: { enabled: false },
    legend: { show: true, position: 'bottom' },
    xaxis: { type: 'category', categories, tooltip: { enabled: false } },
    yaxis: { labels: { formatter: (value: number) => money.formatTick(value) } },
    tooltip: { shared: true, y: { formatter: (value: number) => (value === null || value === undefined ? '—' : money.formatShown(value)) } },
  };
  return (
    <div role="img" aria-label={ariaLabel} data-testid={testId ?? 'trend-chart-canvas'}>
      <ApexChart type="rangeArea" height={320} options={options} series={[...bandSeries, ...lineSeries] as ApexAxisChartSeries} />
    </div>
  );
}
