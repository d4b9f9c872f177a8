import type { ContainerHistory } from '@falcon/api-client';
import { type ChartSeries, TimeSeriesChart } from '@falcon/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';

/** Seconds since 1970 of an ISO day (uPlot's unit on the time axis). */
export const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** The chart texts every chart of the feature shares. */
export function useChartTexts() {
  const { t } = useTranslation('replenishment');
  return {
    chart: t('chart.chart'),
    table: t('chart.table'),
    period: t('chart.week'),
    keyboardHint: t('chart.keyboardHint'),
  };
}

/**
 * A container's last 12 months: consumption per week (with the average the sizing uses) and its stock
 * level with the alarm threshold and the reach. A series the user may not see is absent from the answer
 * (field visibility): its chart is not drawn at all, not drawn empty.
 */
export function HistoryCharts({ history }: { history: ContainerHistory }) {
  const { t } = useTranslation('replenishment');
  const format = useFormat();
  const texts = useChartTexts();
  const x = useMemo(() => history.weeks.map(secondsOf), [history.weeks]);
  const formatX = useMemo(() => (seconds: number) => format.date(new Date(seconds * 1000)), [format]);
  const formatY = useMemo(() => (value: number) => format.number(value), [format]);

  const consumption = useMemo((): ChartSeries[] | null => {
    if (!history.consumption) return null;
    const series: ChartSeries[] = [
      { id: 'consumption', label: t('chart.consumption'), values: history.consumption, kind: 'bars' },
    ];
    if (history.averageWeekly !== undefined) {
      const average = history.averageWeekly;
      series.push({
        id: 'average',
        label: t('chart.average'),
        values: history.weeks.map(() => average),
        dashed: true,
        tone: 'muted',
      });
    }
    return series;
  }, [history, t]);

  const stock = useMemo((): ChartSeries[] | null => {
    const series: ChartSeries[] = [];
    if (history.stock)
      series.push({ id: 'stock', label: t('chart.stock'), values: history.stock, kind: 'step' });
    if (history.reach) {
      // With the reach shown, the alarm threshold is drawn on its axis (weeks): the product's rule, always known.
      const onRight = series.length > 0;
      series.push({
        id: 'reach',
        label: t('chart.reach'),
        values: history.reach,
        axis: onRight ? 'right' : 'left',
        tone: 'success',
      });
      series.push({
        id: 'alarm',
        label: t('chart.alarm'),
        values: history.weeks.map(() => history.alarmReachWeeks),
        axis: onRight ? 'right' : 'left',
        dashed: true,
        tone: 'danger',
      });
    } else if (history.stock && history.alarmStock !== undefined && history.alarmStock !== null) {
      const alarm = history.alarmStock;
      series.push({
        id: 'alarm',
        label: t('chart.alarm'),
        values: history.weeks.map(() => alarm),
        dashed: true,
        tone: 'danger',
      });
    }
    return series.length ? series : null;
  }, [history, t]);

  if (!history.weeks.length) return <p>{t('panel.empty')}</p>;
  const stockAxes = history.stock
    ? { left: t('chart.quantity'), right: history.reach ? t('chart.weeks') : undefined }
    : { left: t('chart.weeks') };
  return (
    <>
      {consumption ? (
        <TimeSeriesChart
          label={t('chart.consumption')}
          x={x}
          series={consumption}
          formatX={formatX}
          formatY={formatY}
          axes={{ left: t('chart.quantity') }}
          texts={texts}
          height={160}
        />
      ) : null}
      {stock ? (
        <TimeSeriesChart
          label={history.stock ? t('chart.stock') : t('chart.reach')}
          x={x}
          series={stock}
          formatX={formatX}
          formatY={formatY}
          axes={stockAxes}
          texts={texts}
          height={160}
        />
      ) : null}
    </>
  );
}
