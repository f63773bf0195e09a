// The pay quartiles (f) of a gender pay gap report as an ApexCharts 100 % stacked bar: per quartile, the share of
// women and of men. Loaded on demand (React.lazy from the report) so ApexCharts is only downloaded with a report. The
// drawing is an image with a text alternative (role img + aria-label); the report puts the same figures in a table
// beside it. react-apexcharts 1.x is CommonJS: under Vite its component is `mod.default ?? mod`.
import ReactApexChartModule from 'react-apexcharts';
import type { ComponentType } from 'react';
import { Box } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import type { Props as ApexChartProps } from 'react-apexcharts';

const moduleValue = ReactApexChartModule as unknown as { default?: ComponentType<ApexChartProps> } & ComponentType<ApexChartProps>;
const ApexChart: ComponentType<ApexChartProps> = moduleValue.default ?? moduleValue;

export interface QuartilesChartProps {
  /** The quartiles' names, lowest first. */
  categories: string[];
  women: number[];
  men: number[];
  womenName: string;
  menName: string;
  ariaLabel: string;
  /** A share in percent (0–100) as the reader writes it, to one decimal (the tooltip). */
  formatPercent: (value: number) => string;
  /** A tick of the value axis (0, 25, 50, 75, 100) as the reader writes a whole percent. */
  formatTick: (value: number) => string;
  formatCount: (value: number) => string;
}

/** Women and men: two colours that read apart in grey too. */
const COLORS = ['#6b46c1', '#2a9386'];
/** Characters per line of a quartile's name beside its bar. */
const LINE_CHARS = 12;

/** A quartile's name as lines of at most LINE_CHARS (a longer word keeps its own line), as ApexCharts draws them. */
function wrapLabel(label: string): string | string[] {
  const lines: string[] = [];
  for (const word of label.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= LINE_CHARS) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length <= 1 ? label : lines;
}

export default function QuartilesChart({ categories, women, men, womenName, menName, ariaLabel, formatPercent, formatTick, formatCount }: QuartilesChartProps) {
  const options: ApexOptions = {
    chart: {
      type: 'bar',
      stacked: true,
      stackType: '100%',
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      fontFamily: 'inherit',
      parentHeightOffset: 0,
    },
    colors: COLORS,
    plotOptions: { bar: { horizontal: true, barHeight: '60%' } },
    dataLabels: { enabled: false },
    stroke: { width: 1, colors: ['#fff'] },
    xaxis: {
      categories: categories.map(wrapLabel),
      // 0, 25, 50, 75 and 100 %: five short labels, which fit a phone's width.
      tickAmount: 4,
      labels: { formatter: (value: string) => formatTick(Number(value)), style: { fontSize: '11px', colors: '#4a5568' } },
    },
    yaxis: { labels: { maxWidth: 120, style: { fontSize: '11px', colors: '#4a5568' } } },
    legend: { show: true, position: 'top', horizontalAlign: 'left' },
    tooltip: {
      y: {
        formatter: (value: number, detail?: { seriesIndex?: number; dataPointIndex?: number }) => {
          const index = detail?.dataPointIndex ?? -1;
          const total = (women[index] ?? 0) + (men[index] ?? 0);
          return total > 0 ? `${formatCount(value)} (${formatPercent((value / total) * 100)})` : formatCount(value);
        },
      },
    },
    grid: { borderColor: '#e2e8f0' },
  };
  const series = [
    { name: womenName, data: women },
    { name: menName, data: men },
  ];
  return (
    <Box role="img" aria-label={ariaLabel} data-testid="pt-quartiles-chart" data-points={categories.length}>
      <ApexChart type="bar" height={260} options={options} series={series} />
    </Box>
  );
}
