import { Button, Calendar, type CalendarAppointment, Dialog, ErrorState, useTheme } from '@falcon/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useFormat } from '../../../lib/format';
import { errorKey } from '../../../lib/messages';
import { appointmentsQuery } from '../api/queries';
import { LocationFrame } from './LocationFrame';

/** The location's appointments in a month view starting on Monday. */
export function LocationCalendarPage({ code }: { code: string }) {
  const { t } = useTranslation('location');
  return (
    <LocationFrame code={code} title={t('nav.appointments')} fill>
      {() => <Appointments code={code} />}
    </LocationFrame>
  );
}

function Appointments({ code }: { code: string }) {
  const { t } = useTranslation(['location', 'messages']);
  const format = useFormat();
  // The shown month is in the URL (?month=2025-09), so it survives a reload and can be shared.
  const [params, setParams] = useSearchParams();
  const monthParam = params.get('month');
  const month = useMemo(() => parseMonth(monthParam) ?? new Date(), [monthParam]);
  const setMonth = (next: Date) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('month', `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}`);
        return updated;
      },
      { replace: true },
    );
  const [chosen, setChosen] = useState<CalendarAppointment | null>(null);
  const muted = useTheme().color.textMuted;
  const appointments = useQuery(appointmentsQuery(code));
  const entries = useMemo<CalendarAppointment[]>(
    () =>
      (appointments.data ?? []).map((a) => ({
        id: a.id,
        title: a.title,
        start: new Date(a.startDate),
        end: new Date(a.endDate),
        type: a.appointmentType,
      })),
    [appointments.data],
  );
  const typeLabel = (type: string | undefined) => {
    switch (type) {
      case 'delivery':
        return t('calendar.delivery');
      case 'inventory':
        return t('calendar.inventory');
      case 'visit':
        return t('calendar.visit');
      case 'maintenance':
        return t('calendar.maintenance');
      default:
        return '';
    }
  };
  if (appointments.error) {
    return (
      <ErrorState
        message={t(errorKey(appointments.error), { ns: 'messages' })}
        onRetry={() => void appointments.refetch()}
      />
    );
  }
  const inMonth = entries.some(
    (e) => e.start.getFullYear() === month.getFullYear() && e.start.getMonth() === month.getMonth(),
  );
  // With nothing this month, offer the next appointment after it (or the last one before it).
  const monthEnd = new Date(month.getFullYear(), month.getMonth() + 1, 1);
  const sorted = [...entries].sort((a, b) => a.start.getTime() - b.start.getTime());
  const other = sorted.find((e) => e.start >= monthEnd) ?? sorted.filter((e) => e.start < month).at(-1);
  return (
    <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }} aria-busy={appointments.isFetching}>
      {appointments.data && !inMonth ? (
        <p role="status" style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
          {t('calendar.noneThisMonth')}
          {other ? (
            <Button variant="secondary" size="sm" onClick={() => setMonth(other.start)}>
              {t('calendar.showOther', { title: other.title, date: format.date(other.start) })}
            </Button>
          ) : null}
        </p>
      ) : null}
      <Calendar
        month={month}
        onMonthChange={setMonth}
        appointments={entries}
        onSelectAppointment={setChosen}
      />
      <Dialog open={chosen !== null} onClose={() => setChosen(null)} title={chosen?.title ?? ''} size="sm">
        {chosen ? (
          // Label and value side by side, the labels muted: a pop-up, not a bare list.
          <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 16px', margin: 0 }}>
            <dt style={{ color: muted }}>{t('calendar.type')}</dt>
            <dd style={{ margin: 0, fontWeight: 600 }}>{typeLabel(chosen.type)}</dd>
            <dt style={{ color: muted }}>{t('calendar.start')}</dt>
            <dd style={{ margin: 0, fontVariantNumeric: 'tabular-nums' }}>{format.dateTime(chosen.start)}</dd>
            <dt style={{ color: muted }}>{t('calendar.end')}</dt>
            <dd style={{ margin: 0, fontVariantNumeric: 'tabular-nums' }}>{format.dateTime(chosen.end)}</dd>
          </dl>
        ) : null}
      </Dialog>
    </div>
  );
}

const parseMonth = (value: string | null): Date | null => {
  const match = value?.match(/^(\d{4})-(\d{2})$/);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? new Date(Number(match[1]), month - 1, 1) : null;
};
