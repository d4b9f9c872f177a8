import { useMemo } from 'react';
import { Button } from '../Button/Button';
import { ChevronLeftIcon } from '../internal/icons/ChevronLeftIcon';
import { ChevronRightIcon } from '../internal/icons/ChevronRightIcon';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import { useUiText } from '../UiText/UiTextProvider';
import { Day, Event, Events, More, Root, Table, Toolbar } from './Calendar.styles';
import { calendarWeeks, dayKey, sameDay } from './calendarWeeks';

export interface CalendarAppointment {
  id: string;
  title: string;
  start: Date;
  end?: Date;
  type?: string;
}

export interface CalendarProps {
  /** Any day of the month to show. */
  month: Date;
  onMonthChange: (firstOfMonth: Date) => void;
  appointments?: readonly CalendarAppointment[];
  onSelectAppointment?: (appointment: CalendarAppointment) => void;
  /** Called by "+n more" on a crowded day. */
  onSelectDay?: (day: Date) => void;
  /** Defaults to the current date; fix it in tests and stories. */
  today?: Date;
  /** Appointments listed per day before "+n more". */
  maxPerDay?: number;
}

// 2024-01-01 was a Monday: the source of localised weekday labels, Monday first.
const mondays = Array.from({ length: 7 }, (_, i) => new Date(2024, 0, 1 + i));

/** Month view starting on Monday over whole weeks; appointments sit on the day they start. */
export function Calendar({
  month,
  onMonthChange,
  appointments = [],
  onSelectAppointment,
  onSelectDay,
  today = new Date(),
  maxPerDay = 3,
}: CalendarProps) {
  const { t, intl } = useUiText();
  const weeks = useMemo(() => calendarWeeks(month), [month]);
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarAppointment[]>();
    for (const appointment of [...appointments].sort((a, b) => a.start.getTime() - b.start.getTime())) {
      const key = dayKey(appointment.start);
      map.set(key, [...(map.get(key) ?? []), appointment]);
    }
    return map;
  }, [appointments]);

  const short = new Intl.DateTimeFormat(intl, { weekday: 'short' });
  const long = new Intl.DateTimeFormat(intl, { weekday: 'long' });
  const fullDate = new Intl.DateTimeFormat(intl, { weekday: 'long', day: 'numeric', month: 'long' });
  const time = new Intl.DateTimeFormat(intl, { hour: '2-digit', minute: '2-digit' });
  const title = new Intl.DateTimeFormat(intl, { month: 'long', year: 'numeric' }).format(month);
  const shift = (months: number) =>
    onMonthChange(new Date(month.getFullYear(), month.getMonth() + months, 1));

  return (
    <Root>
      <Toolbar>
        <Button
          variant="ghost"
          aria-label={t('calendar.previous')}
          icon={<ChevronLeftIcon />}
          onClick={() => shift(-1)}
        />
        <Button
          variant="ghost"
          aria-label={t('calendar.next')}
          icon={<ChevronRightIcon />}
          onClick={() => shift(1)}
        />
        <h2 aria-live="polite">{title}</h2>
        <Button
          size="sm"
          onClick={() => onMonthChange(new Date(today.getFullYear(), today.getMonth(), 1))}
          disabled={today.getFullYear() === month.getFullYear() && today.getMonth() === month.getMonth()}
        >
          {t('calendar.today')}
        </Button>
      </Toolbar>
      <Table aria-label={title}>
        <thead>
          <tr>
            {mondays.map((day) => (
              <th key={day.getDay()} scope="col" abbr={long.format(day)}>
                {short.format(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={dayKey(week[0]!)}>
              {week.map((day) => {
                const events = byDay.get(dayKey(day)) ?? [];
                const isToday = sameDay(day, today);
                const outside = day.getMonth() !== month.getMonth();
                return (
                  <Day
                    key={dayKey(day)}
                    $outside={outside}
                    $today={isToday}
                    aria-current={isToday ? 'date' : undefined}
                  >
                    <span aria-hidden="true">{day.getDate()}</span>
                    <VisuallyHidden>{fullDate.format(day)}</VisuallyHidden>
                    {events.length > 0 ? (
                      <Events>
                        {events.slice(0, maxPerDay).map((event) => (
                          <li key={event.id}>
                            <Event
                              type="button"
                              title={event.title}
                              onClick={() => onSelectAppointment?.(event)}
                            >
                              {time.format(event.start)} {event.title}
                            </Event>
                          </li>
                        ))}
                        {events.length > maxPerDay ? (
                          <li>
                            <More type="button" onClick={() => onSelectDay?.(day)}>
                              {t('calendar.more', { count: events.length - maxPerDay })}
                            </More>
                          </li>
                        ) : null}
                      </Events>
                    ) : null}
                  </Day>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </Root>
  );
}
