// One chart of the admin dashboard (bars or lines over categories), drawn with ApexCharts. Loaded on demand
// (React.lazy from the page) so ApexCharts is only downloaded by pages that draw charts. The drawing is an image
// with a text alternative (role img + aria-label); the page puts the same figures in a table beside it.
// react-apexcharts 1.x is CommonJS: under Vite its component is `mod.default ?? mod`.
import ReactApexChartModule from 'react-apexcharts';
import type { ComponentType } from 'react';
import { Box } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import type { Props as ApexChartProps } from 'react-apexcharts';

const moduleValue = ReactApexChartModule as unknown as { default?: ComponentType<ApexChartProps> } & ComponentType<ApexChartProps>;
const ApexChart: ComponentType<ApexChartProps> = moduleValue.default ?? moduleValue;

export interface AdminChartProps {
  kind: 'bar' | 'line';
  categories: string[];
  series: Array<{ name: string; data: number[] }>;
  ariaLabel: string;
  /** Bars side by side (false) or stacked (true). */
  stacked?: boolean;
  horizontal?: boolean;
  height?: number;
  formatCount: (value: number) => string;
  testId: string;
}

const COLORS = ['#2a9386', '#c05621', '#4a5568', '#805ad5'];

export default function AdminChart({ kind, categories, series, ariaLabel, stacked = false, horizontal = false, height = 260, formatCount, testId }: AdminChartProps) {
  const options: ApexOptions = {
    chart: { type: kind, stacked, toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, fontFamily: 'inherit', parentHeightOffset: 0 },
    colors: COLORS,
    plotOptions: { bar: { horizontal, borderRadius: 2, columnWidth: '55%', barHeight: '60%' } },
    dataLabels: { enabled: false },
    stroke: kind === 'line' ? { width: 2, curve: 'straight' } : { width: 0 },
    // An option given as undefined replaces ApexCharts' default object and breaks the drawing: omit it instead.
    ...(kind === 'line' ? { markers: { size: 3 } } : {}),
    xaxis: {
      categories,
      labels: {
        rotate: -45,
        hideOverlappingLabels: true,
        trim: true,
        style: { fontSize: '11px', colors: '#4a5568' },
        ...(horizontal ? { formatter: (value: string) => formatCount(Number(value)) } : {}),
      },
    },
    yaxis: { labels: { style: { fontSize: '11px', colors: '#4a5568' }, ...(horizontal ? {} : { formatter: (value: number) => formatCount(value) }) } },
    legend: { show: series.length > 1, position: 'top', horizontalAlign: 'left' },
    tooltip: { y: { formatter: (value: number) => formatCount(value) } },
    grid: { borderColor: '#e2e8f0' },
  };
  return (
    <Box role="img" aria-label={ariaLabel} data-testid={testId} data-points={categories.length}>
      <ApexChart type={kind} height={height} options={options} series={series} />
    </Box>
  );
}
