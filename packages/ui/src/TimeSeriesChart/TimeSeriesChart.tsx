import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import styled, { useTheme } from 'styled-components';
import type uPlot from 'uplot';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import type { Theme } from '../theme';

export type ChartTone = 'primary' | 'muted' | 'warning' | 'danger' | 'success';

export interface ChartSeries {
  id: string;
  /** The series' name: the legend, the table's column header and what the cursor reads out. */
  label: string;
  /** One value per point of `x`; null where there is none (a gap). */
  values: readonly (number | null)[];
  /** `bars` (e.g. consumption per week), `line`, or `step` (a level that holds until it changes). */
  kind?: 'line' | 'bars' | 'step';
  /** Which axis the series is read on; the right one carries a second unit (e.g. reach in weeks). */
  axis?: 'left' | 'right';
  /** A dashed line: a threshold or an average rather than a measurement. */
  dashed?: boolean;
  tone?: ChartTone;
}

export interface TimeSeriesChartTexts {
  /** The switch's two buttons. */
  chart: string;
  table: string;
  /** The table's first column header (the time axis: "Week"). */
  period: string;
  /** How to read the values with the keyboard (the chart's description). */
  keyboardHint: string;
}

export interface TimeSeriesChartProps {
  /** The chart's accessible name and the table's caption. */
  label: string;
  /** Points in time, seconds since 1970 (uPlot's unit), oldest first. */
  x: readonly number[];
  series: readonly ChartSeries[];
  /** A point in time as the reader writes it (a week, a date), in their language. */
  formatX: (seconds: number) => string;
  /** A value as the reader writes it, in their language (and unit). */
  formatY: (value: number, series: ChartSeries) => string;
  /** Axis titles, left and right. */
  axes?: { left?: string; right?: string };
  texts: TimeSeriesChartTexts;
  /** `chart` (default) or `table`: the same numbers as rows. Controlled when `onViewChange` is given. */
  view?: 'chart' | 'table';
  onViewChange?: (view: 'chart' | 'table') => void;
  height?: number;
}

const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;
const Head = styled.figcaption`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
`;
const Switch = styled.div`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  overflow: hidden;
  button {
    border: 0;
    padding: 2px 10px;
    font: inherit;
    font-weight: ${({ theme }) => theme.typography.weight.regular};
    font-size: ${({ theme }) => theme.typography.size.sm};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.onPrimary};
  }
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
`;
const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.typography.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
  li { display: inline-flex; align-items: center; gap: 6px; }
`;
const Swatch = styled.span<{ $color: string; $dashed: boolean }>`
  display: inline-block;
  width: 16px;
  height: 0;
  border-top: 3px ${({ $dashed }) => ($dashed ? 'dashed' : 'solid')} ${({ $color }) => $color};
`;
/** uPlot's own layout rules (its stylesheet's few that matter), so no CSS file is needed. */
const Plot = styled.div`
  position: relative;
  min-height: 1px;
  border-radius: ${({ theme }) => theme.radius.sm};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
  .uplot { position: relative; font-family: inherit; line-height: 1.5; width: min-content; }
  .u-wrap { position: relative; user-select: none; }
  .u-over, .u-under { position: absolute; }
  .u-under { overflow: hidden; }
  .uplot canvas { display: block; position: relative; width: 100%; height: 100%; }
  .u-axis { position: absolute; }
  .u-cursor-x, .u-cursor-y { position: absolute; left: 0; top: 0; pointer-events: none; will-change: transform; }
  .u-cursor-x { height: 100%; border-right: 1px dashed ${({ theme }) => theme.color.textMuted}; }
  .u-cursor-y { width: 100%; border-bottom: 1px dashed ${({ theme }) => theme.color.textMuted}; }
  .u-cursor-pt { position: absolute; top: 0; left: 0; border-radius: 50%; border: 0 solid; pointer-events: none; will-change: transform; background-clip: padding-box !important; }
  .u-select { position: absolute; pointer-events: none; }
  .u-hz .u-cursor-y, .u-off { display: none; }
`;
const Readout = styled.p`
  margin: 0;
  min-height: 1.5em;
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-variant-numeric: tabular-nums;
`;
const TableWrap = styled.div`
  max-height: 320px;
  overflow: auto;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
  table { border-collapse: collapse; width: 100%; font-size: ${({ theme }) => theme.typography.size.sm}; }
  caption { text-align: start; position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); }
  th, td { padding: 2px 8px; border-bottom: 1px solid ${({ theme }) => theme.color.border}; white-space: nowrap; }
  thead th { position: sticky; top: 0; background: ${({ theme }) => theme.color.surfaceSunken}; text-align: start; }
  td { text-align: end; font-variant-numeric: tabular-nums; }
`;

const toneColor = (theme: Theme, tone: ChartTone | undefined): string =>
  ({
    primary: theme.color.primary,
    muted: theme.color.textMuted,
    warning: theme.color.warning,
    danger: theme.color.danger,
    success: theme.color.success,
  })[tone ?? 'primary'];

/** What the cursor at `index` reads: the time, then each series with a value there. */
export const readoutAt = (
  props: Pick<TimeSeriesChartProps, 'x' | 'series' | 'formatX' | 'formatY'>,
  index: number,
): string => {
  const at = props.x[index];
  if (at === undefined) return '';
  const values = props.series.flatMap((s) => {
    const value = s.values[index];
    return value === null || value === undefined ? [] : [`${s.label} ${props.formatY(value, s)}`];
  });
  return `${props.formatX(at)}: ${values.join(', ')}`;
};

/**
 * A time series chart (uPlot on a canvas: small and fast with a year of weeks), with a legend, and for
 * keyboard and screen-reader users a focusable plot whose arrow keys move a cursor over the points and
 * read each out (a live region), plus a table view with the same numbers. uPlot loads with the first
 * chart shown (a dynamic import), not with the page that might show one.
 */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const { label, x, series, formatX, formatY, axes, texts, height = 200 } = props;
  const theme = useTheme() as Theme;
  const id = useId();
  const [ownView, setOwnView] = useState<'chart' | 'table'>('chart');
  const view = props.onViewChange ? (props.view ?? 'chart') : ownView;
  const setView = props.onViewChange ?? setOwnView;
  const [cursor, setCursor] = useState<number | null>(null);
  const plotRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<uPlot | null>(null);
  // The latest props for uPlot's hooks (created once per data change).
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    if (view !== 'chart') return;
    const element = plotRef.current;
    if (!element) return;
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void import('uplot')
      .then(({ default: UPlot }) => {
        if (disposed) return;
        const width = Math.max(240, element.clientWidth);
        const bars = UPlot.paths.bars?.({ size: [0.7, 24] });
        const stepped = UPlot.paths.stepped?.({ align: 1 });
        const hasRight = series.some((s) => s.axis === 'right');
        const axisStyle = {
          stroke: theme.color.textMuted,
          grid: { stroke: theme.color.border, width: 1 },
          ticks: { stroke: theme.color.border, width: 1 },
          font: `12px ${theme.typography.family}`,
          labelFont: `12px ${theme.typography.family}`,
        };
        const options: uPlot.Options = {
          width,
          height,
          legend: { show: false },
          cursor: { drag: { x: false, y: false }, points: { size: 8 } },
          scales: { x: { time: false }, ...(hasRight ? { right: { auto: true } } : {}) },
          series: [
            {},
            ...series.map((s) => {
              const color = toneColor(theme, s.tone);
              return {
                label: s.label,
                scale: s.axis === 'right' ? 'right' : 'y',
                stroke: color,
                width: s.kind === 'bars' ? 1 : 2,
                fill: s.kind === 'bars' ? `${color}55` : undefined,
                dash: s.dashed ? [6, 4] : undefined,
                paths: s.kind === 'bars' ? bars : s.kind === 'step' ? stepped : undefined,
                points: { show: false },
                spanGaps: false,
              } satisfies uPlot.Series;
            }),
          ],
          axes: [
            {
              ...axisStyle,
              values: (_u, splits) => splits.map((v) => formatX(v)),
              space: 80,
            },
            {
              ...axisStyle,
              scale: 'y',
              label: axes?.left,
              values: (_u, splits) =>
                splits.map((v) =>
                  series[0] ? formatY(v, series.find((s) => s.axis !== 'right') ?? series[0]) : String(v),
                ),
              size: 64,
            },
            ...(hasRight
              ? [
                  {
                    ...axisStyle,
                    scale: 'right',
                    side: 1,
                    grid: { show: false },
                    label: axes?.right,
                    values: (_u: uPlot, splits: number[]) =>
                      splits.map((v) => {
                        const right = series.find((s) => s.axis === 'right');
                        return right ? formatY(v, right) : String(v);
                      }),
                    size: 56,
                  } satisfies uPlot.Axis,
                ]
              : []),
          ],
          hooks: {
            setCursor: [
              (u) => {
                // The pointer leaving the plot keeps the last point read (the keyboard's too).
                const index = u.cursor.idx;
                if (index !== null && index !== undefined) setCursor(index);
              },
            ],
          },
        };
        const data = [
          x as number[],
          ...series.map((s) => s.values as (number | null)[]),
        ] as uPlot.AlignedData;
        chartRef.current = new UPlot(options, data, element);
        observer = new ResizeObserver(() => {
          const next = Math.max(240, element.clientWidth);
          if (chartRef.current && next !== chartRef.current.width)
            chartRef.current.setSize({ width: next, height });
        });
        observer.observe(element);
      })
      // A browser without a canvas (or a failed download) keeps the table view and the read-out.
      .catch(() => {});
    return () => {
      disposed = true;
      observer?.disconnect();
      chartRef.current?.destroy();
      chartRef.current = null;
    };
  }, [view, x, series, height, theme, formatX, formatY, axes?.left, axes?.right]);

  const moveTo = (index: number) => {
    const bounded = Math.max(0, Math.min(x.length - 1, index));
    setCursor(bounded);
    const chart = chartRef.current;
    const at = x[bounded];
    if (chart && at !== undefined)
      chart.setCursor({ left: chart.valToPos(at, 'x'), top: chart.over.clientHeight / 2 });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!x.length) return;
    const from = cursor ?? x.length - 1;
    const step: Record<string, number> = {
      ArrowRight: from + 1,
      ArrowLeft: cursor === null ? from : from - 1,
      PageUp: from - 4,
      PageDown: from + 4,
      Home: 0,
      End: x.length - 1,
    };
    const target = step[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };

  const readout = cursor === null ? '' : readoutAt(latest.current, cursor);
  return (
    <Figure aria-labelledby={`${id}-label`}>
      <Head>
        <span id={`${id}-label`}>{label}</span>
        <Switch role="group" aria-label={`${label}: ${texts.chart} / ${texts.table}`}>
          <button type="button" aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
            {texts.chart}
          </button>
          <button type="button" aria-pressed={view === 'table'} onClick={() => setView('table')}>
            {texts.table}
          </button>
        </Switch>
      </Head>
      <Legend aria-hidden="true">
        {series.map((s) => (
          <li key={s.id}>
            <Swatch $color={toneColor(theme, s.tone)} $dashed={Boolean(s.dashed)} />
            {s.label}
          </li>
        ))}
      </Legend>
      {view === 'chart' ? (
        <>
          {/* role="img" would hide the read-out from screen readers; a group with a description keeps it. */}
          <Plot
            ref={plotRef}
            role="group"
            tabIndex={0}
            aria-label={label}
            aria-describedby={`${id}-hint`}
            onKeyDown={onKeyDown}
            style={{ height }}
            data-testid="chart-plot"
          />
          <VisuallyHidden id={`${id}-hint`}>{texts.keyboardHint}</VisuallyHidden>
          <Readout aria-live="polite" aria-atomic="true">
            {readout}
          </Readout>
        </>
      ) : (
        <TableWrap role="region" aria-label={label} tabIndex={0}>
          <table>
            <caption>{label}</caption>
            <thead>
              <tr>
                <th scope="col">{texts.period}</th>
                {series.map((s) => (
                  <th key={s.id} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {x.map((at, index) => (
                <tr key={at}>
                  <th scope="row">{formatX(at)}</th>
                  {series.map((s) => {
                    const value = s.values[index];
                    return (
                      <td key={s.id}>{value === null || value === undefined ? '' : formatY(value, s)}</td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </Figure>
  );
}
