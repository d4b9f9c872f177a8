import type { ReachBand, ReachBandSummary } from '@falcon/api-client';
import { type ChartSeries, type ChartTone, TimeSeriesChart } from '@falcon/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { secondsOf, useChartTexts } from './HistoryCharts';

const TONES: Record<ReachBand, ChartTone> = {
  empty: 'danger',
  alarm: 'warning',
  low: 'muted',
  ok: 'success',
  high: 'primary',
  no_consumption: 'muted',
};

/** A location's active containers by reach band, week by week (one line per band); none without the reach field. */
export function ReachBandsChart({ summary }: { summary: ReachBandSummary }) {
  const { t } = useTranslation('replenishment');
  const format = useFormat();
  const texts = useChartTexts();
  const x = useMemo(() => summary.weeks.map(secondsOf), [summary.weeks]);
  const series = useMemo((): ChartSeries[] | null => {
    const counts = summary.counts;
    if (!counts) return null;
    return summary.bands.map((band, index) => ({
      id: band,
      label: t(`band.${band}`),
      values: counts.map((week) => week[index] ?? null),
      tone: TONES[band],
      dashed: band === 'no_consumption',
    }));
  }, [summary, t]);
  const formatX = useMemo(() => (seconds: number) => format.date(new Date(seconds * 1000)), [format]);
  const formatY = useMemo(() => (value: number) => format.integer(value), [format]);
  if (!series) return null;
  if (!summary.weeks.length) return <p>{t('panel.empty')}</p>;
  return (
    <TimeSeriesChart
      label={t('chart.bands')}
      x={x}
      series={series}
      formatX={formatX}
      formatY={formatY}
      axes={{ left: t('chart.containers') }}
      texts={texts}
      height={220}
    />
  );
}
