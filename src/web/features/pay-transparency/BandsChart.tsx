// The salary bands against the market as an ApexCharts range bar: per role, the market's p25–p75 (or p10–p90 when
// published) and the company's band over it. Loaded on demand from the bands page, so ApexCharts is only downloaded
// there. The drawing is an image with a text alternative; the page puts the same figures in a table beside it.
// react-apexcharts 1.x is CommonJS: under Vite its component is `mod.default ?? mod`.
import ReactApexChartModule from 'react-apexcharts';
import type { ComponentType } from 'react';
import { Box } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import type { Props as ApexChartProps } from 'react-apexcharts';

const moduleValue = ReactApexChartModule as unknown as { default?: ComponentType<ApexChartProps> } & ComponentType<ApexChartProps>;
const ApexChart: ComponentType<ApexChartProps> = moduleValue.default ?? moduleValue;

export interface BandsChartRow {
  role: string;
  market: [number, number] | null;
  band: [number, number] | null;
}

export interface BandsChartProps {
  rows: BandsChartRow[];
  marketName: string;
  bandName: string;
  ariaLabel: string;
  formatMoney: (value: number) => string;
}

/** The market and the band: two colours that read apart in grey too. */
const COLORS = ['#a0aec0', '#6b46c1'];

export default function BandsChart({ rows, marketName, bandName, ariaLabel, formatMoney }: BandsChartProps) {
  const options: ApexOptions = {
    chart: { type: 'rangeBar', toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, fontFamily: 'inherit' },
    colors: COLORS,
    plotOptions: { bar: { horizontal: true, barHeight: '70%', rangeBarGroupRows: false } },
    dataLabels: { enabled: false },
    xaxis: { labels: { formatter: (value: string) => formatMoney(Number(value)), style: { fontSize: '11px', colors: '#4a5568' } }, tickAmount: 4 },
    yaxis: { labels: { maxWidth: 160, style: { fontSize: '11px', colors: '#4a5568' } } },
    legend: { show: true, position: 'top', horizontalAlign: 'left' },
    tooltip: { y: { formatter: (value: number) => formatMoney(value) } },
    grid: { borderColor: '#e2e8f0' },
  };
  const series = [
    { name: marketName, data: rows.filter((row) => row.market).map((row) => ({ x: row.role, y: row.market! })) },
    { name: bandName, data: rows.filter((row) => row.band).map((row) => ({ x: row.role, y: row.band! })) },
  ];
  return (
    <Box role="img" aria-label={ariaLabel} data-testid="sb-chart" data-points={rows.length}>
      <ApexChart type="rangeBar" height={Math.max(200, rows.length * 36 + 80)} options={options} series={series} />
    </Box>
  );
}
