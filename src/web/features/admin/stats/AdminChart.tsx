// One chart of the admin dashboard (bars or lines over categories), drawn with ApexCharts. Loaded on demand
// (React.lazy from the page) so ApexCharts is only downloaded by pages that draw charts. The drawing is an image
// with a text alternative (role img + aria-label); the page puts the same figures in a table beside it.
// react-apexcharts 1.x is CommonJS: under Vite its component is `mod.default ?? mod`.
import ReactApexChartModule from 'react-apexcharts';
import type { ComponentType } from 'react';
import { Box } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import type { Props as ApexChartProps } from 'react-apexcharts';
import { countAxis, horizontalChartHeight, wrapLabel } from './chartLabels';

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

/** Characters per line of a category label: beside horizontal bars, and under vertical bars or line points. */
const LINE_CHARS = { horizontal: 16, vertical: 10 };

export default function AdminChart({
  kind,
  categories,
  series,
  ariaLabel,
  stacked = false,
  horizontal = false,
  height = 260,
  formatCount,
  testId,
}: AdminChartProps) {
  // Whole counts on round steps from 0: the value axis reads "0 · 50 · 100", never "0 . . .".
  const largest = stacked
    ? Math.max(0, ...categories.map((_, i) => series.reduce((sum, s) => sum + (s.data[i] ?? 0), 0)))
    : Math.max(0, ...series.flatMap((s) => s.data));
  const valueAxis = countAxis(largest);
  // Full category labels, wrapped onto lines (a line chart's many dates stay one line, turned when crowded).
  const wrapped = kind === 'line' ? categories : categories.map((label) => wrapLabel(label, horizontal ? LINE_CHARS.horizontal : LINE_CHARS.vertical));
  const countLabels = { formatter: (value: string | number) => formatCount(Number(value)) };
  const chartHeight = horizontal ? horizontalChartHeight(wrapped, height) : height;
  const options: ApexOptions = {
    chart: {
      type: kind,
      stacked,
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      fontFamily: 'inherit',
      parentHeightOffset: 0,
    },
    colors: COLORS,
    plotOptions: { bar: { horizontal, borderRadius: 2, columnWidth: '55%', barHeight: '60%' } },
    dataLabels: { enabled: false },
    stroke: kind === 'line' ? { width: 2, curve: 'straight' } : { width: 0 },
    // An option given as undefined replaces ApexCharts' default object and breaks the drawing: omit it instead.
    ...(kind === 'line' ? { markers: { size: 3 } } : {}),
    xaxis: {
      categories: wrapped,
      // Horizontal bars put the counts on the x axis: as many ticks as the value axis planned.
      ...(horizontal ? { tickAmount: valueAxis.tickAmount } : {}),
      labels: {
        rotate: kind === 'line' ? -45 : 0,
        // Bars keep every (wrapped) label; a line chart's many dates may skip some.
        hideOverlappingLabels: kind === 'line',
        trim: false,
        style: { fontSize: '11px', colors: '#4a5568' },
        ...(horizontal ? countLabels : {}),
      },
    },
    yaxis: {
      min: 0,
      max: valueAxis.max,
      tickAmount: valueAxis.tickAmount,
      labels: { maxWidth: horizontal ? 200 : 80, style: { fontSize: '11px', colors: '#4a5568' }, ...(horizontal ? {} : countLabels) },
    },
    legend: { show: series.length > 1, position: 'top', horizontalAlign: 'left' },
    // The tooltip names the category in full, on one line.
    tooltip: {
      x: { formatter: (_value: number, detail?: { dataPointIndex?: number }) => categories[detail?.dataPointIndex ?? -1] ?? String(_value) },
      y: { formatter: (value: number) => formatCount(value) },
    },
    grid: { borderColor: '#e2e8f0' },
  };
  return (
    <Box role="img" aria-label={ariaLabel} data-testid={testId} data-points={categories.length} data-axis-max={valueAxis.max}>
      <ApexChart type={kind} height={chartHeight} options={options} series={series} />
    </Box>
  );
}
