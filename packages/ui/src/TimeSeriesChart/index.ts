export {
  type ChartSeries,
  type ChartTone,
  readoutAt,
  TimeSeriesChart,
  type TimeSeriesChartProps,
  type TimeSeriesChartTexts,
} from './TimeSeriesChart';
