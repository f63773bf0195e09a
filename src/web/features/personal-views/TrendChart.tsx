// A yearly trend as an ApexCharts line chart: an optional shaded band (rangeArea, e.g. p25–p75) under any number
// of lines (the median, the person's own figures, a projection). A missing value (a year under K) leaves a gap, the
// year stays on the axis. Loaded on demand (React.lazy) like DistributionChart, so ApexCharts is in its own chunk.
// react-apexcharts 1.x is CommonJS: under Vite its component is `mod.default ?? mod`.
import ReactApexChartModule from 'react-apexcharts';
import type { ComponentType } from 'react';
import type { ApexOptions } from 'apexcharts';
import type { Props as ApexChartProps } from 'react-apexcharts';

const moduleValue = ReactApexChartModule as unknown as { default?: ComponentType<ApexChartProps> } & ComponentType<ApexChartProps>;
const ApexChart: ComponentType<ApexChartProps> = moduleValue.default ?? moduleValue;

export interface TrendLine {
  name: string;
  values: Array<number | null>;
  color: string;
  dashed?: boolean;
}

export interface TrendChartProps {
  years: number[];
  band?: { name: string; low: Array<number | null>; high: Array<number | null>; color: string } | null;
  lines: TrendLine[];
  ariaLabel: string;
  formatMoney: (value: number) => string;
  formatAxis: (value: number) => string;
  testId?: string;
}

export default function TrendChart({ years, band, lines, ariaLabel, formatMoney, formatAxis, testId }: TrendChartProps) {
  const categories = years.map(String);
  const bandSeries = band
    ? [
        {
          type: 'rangeArea',
          name: band.name,
          data: categories.map((x, i) => ({ x, y: band.low[i] !== null && band.high[i] !== null ? [band.low[i]!, band.high[i]!] : null })),
        },
      ]
    : [];
  const lineSeries = lines.map((line) => ({ type: 'line', name: line.name, data: categories.map((x, i) => ({ x, y: line.values[i] ?? null })) }));
  const colors = [...(band ? [band.color] : []), ...lines.map((line) => line.color)];
  const options: ApexOptions = {
    chart: { type: 'rangeArea', toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, fontFamily: 'inherit' },
    colors,
    fill: { opacity: [...(band ? [0.22] : []), ...lines.map(() => 1)] },
    stroke: { curve: 'straight', width: [...(band ? [0] : []), ...lines.map(() => 3)], dashArray: [...(band ? [0] : []), ...lines.map((line) => (line.dashed ? 6 : 0))] },
    markers: { size: [...(band ? [0] : []), ...lines.map(() => 4)], hover: { sizeOffset: 2 } },
    dataLabels: { enabled: false },
    legend: { show: true, position: 'bottom' },
    xaxis: { type: 'category', categories, tooltip: { enabled: false } },
    yaxis: { labels: { formatter: (value: number) => formatAxis(value) } },
    tooltip: { shared: true, y: { formatter: (value: number) => (value === null || value === undefined ? '—' : formatMoney(value)) } },
  };
  return (
    <div role="img" aria-label={ariaLabel} data-testid={testId ?? 'trend-chart-canvas'}>
      <ApexChart type="rangeArea" height={320} options={options} series={[...bandSeries, ...lineSeries] as ApexAxisChartSeries} />
    </div>
  );
}
