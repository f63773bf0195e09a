// The perception over the years as an ApexCharts line chart: what the person believed against their published
// position, in percent above or below their peers' median, per survey year (a year without a published position
// leaves a gap). Loaded on demand (React.lazy) like the other charts, so ApexCharts stays in its own chunk.
// react-apexcharts 1.x is CommonJS: under Vite its component is `mod.default ?? mod`.
import ReactApexChartModule from 'react-apexcharts';
import type { ComponentType } from 'react';
import type { ApexOptions } from 'apexcharts';
import type { Props as ApexChartProps } from 'react-apexcharts';
import type { PerceptionPoint } from '../../../domain/perception';

const moduleValue = ReactApexChartModule as unknown as { default?: ComponentType<ApexChartProps> } & ComponentType<ApexChartProps>;
const ApexChart: ComponentType<ApexChartProps> = moduleValue.default ?? moduleValue;

export interface PerceptionChartProps {
  points: PerceptionPoint[];
  names: { believed: string; position: string };
  ariaLabel: string;
  formatPercent: (value: number) => string;
}

export default function PerceptionChart({ points, names, ariaLabel, formatPercent }: PerceptionChartProps) {
  const categories = points.map((point) => String(point.year));
  const series = [
    { name: names.believed, data: points.map((point) => point.believed) },
    { name: names.position, data: points.map((point) => point.position) },
  ];
  const options: ApexOptions = {
    chart: { type: 'line', toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, fontFamily: 'inherit' },
    colors: ['#dd6b20', '#196259'],
    stroke: { curve: 'straight', width: 3, dashArray: [6, 0] },
    markers: { size: 5, hover: { sizeOffset: 2 } },
    dataLabels: { enabled: false },
    legend: { show: true, position: 'bottom' },
    xaxis: { type: 'category', categories, tooltip: { enabled: false } },
    yaxis: { labels: { formatter: (value: number) => formatPercent(Math.round(value)) } },
    annotations: { yaxis: [{ y: 0, borderColor: '#718096', strokeDashArray: 0 }] },
    tooltip: { shared: true, y: { formatter: (value: number) => (value === null || value === undefined ? '—' : formatPercent(value)) } },
  };
  return (
    <div role="img" aria-label={ariaLabel} data-testid="perception-chart-canvas">
      <ApexChart type="line" height={280} options={options} series={series} />
    </div>
  );
}
