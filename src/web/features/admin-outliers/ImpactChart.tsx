// The impact of an outlier pack as an ApexCharts bar chart: each measure's median before and after the pack. Loaded
// on demand (React.lazy) so ApexCharts stays in its own chunk. react-apexcharts 1.x is CommonJS: under Vite its
// component is `mod.default ?? mod`. The figures are also in the table beside it (the chart is a picture of them).
import ReactApexChartModule from 'react-apexcharts';
import type { ComponentType } from 'react';
import type { ApexOptions } from 'apexcharts';
import type { Props as ApexChartProps } from 'react-apexcharts';

const moduleValue = ReactApexChartModule as unknown as { default?: ComponentType<ApexChartProps> } & ComponentType<ApexChartProps>;
const ApexChart: ComponentType<ApexChartProps> = moduleValue.default ?? moduleValue;

export interface ImpactChartProps {
  series: Array<{ measure: string; label: string; before: number | null; after: number | null }>;
  beforeName: string;
  afterName: string;
  ariaLabel: string;
  formatMoney: (value: number) => string;
}

export default function ImpactChart({ series, beforeName, afterName, ariaLabel, formatMoney }: ImpactChartProps) {
  const categories = series.map((s) => s.label);
  const options: ApexOptions = {
    chart: { type: 'bar', toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, fontFamily: 'inherit' },
    colors: ['#64748b', '#2563eb'],
    plotOptions: { bar: { horizontal: false, columnWidth: '55%' } },
    dataLabels: { enabled: false },
    legend: { show: true, position: 'bottom' },
    xaxis: { categories },
    yaxis: { labels: { formatter: (value: number) => formatMoney(value) } },
    tooltip: { shared: true, intersect: false, y: { formatter: (value: number) => (value === null || value === undefined ? '—' : formatMoney(value)) } },
  };
  const data = [
    { name: beforeName, data: series.map((s) => s.before) },
    { name: afterName, data: series.map((s) => s.after) },
  ];
  return (
    <div role="img" aria-label={ariaLabel} data-testid="outlier-impact-chart">
      <ApexChart type="bar" height={300} options={options} series={data} />
    </div>
  );
}
