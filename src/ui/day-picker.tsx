import { parseDate, type CalendarDate } from '@internationalized/date';
import { useState } from 'react';
import { Calendar, CalendarCell, CalendarGrid, Dialog as AriaDialog, DialogTrigger, Popover } from 'react-aria-components';
import { useLanguage, useT } from '../i18n';
import { dayLabel } from './appointments/day-label';
import { Button } from './button';
import { useWorkingDays } from './salon/use-salon-setup';
import { CalendarHeader } from './two-month-calendar';

const monthOf = (d: CalendarDate) => {
  const first = d.set({ day: 1 });
  return { from: first.toString(), to: first.add({ months: 1 }).subtract({ days: 1 }).toString() };
};

/**
 * The day of the timetable and of Schedule Settings (part 1 §2, part 2 §2): a read-only 'MMM D, dddd' button
 * opening a calendar with weeks from Monday. The shown month marks the days with masters' working time and
 * their appointment counts (getWorkingDays, part 1 §7, read from the mirror: offline too).
 */
export function DayPicker({ value, onChange, label }: { value: string; onChange: (date: string) => void; label: string }) {
  const { language } = useLanguage();
  const [isOpen, setOpen] = useState(false);
  const text = dayLabel(value, language);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button variant="ghost" className="day-label" aria-label={`${label}: ${text}`}>
        <span data-testid="day-label" aria-live="polite">
          {text}
        </span>{' '}
        <span aria-hidden>▾</span>
      </Button>
      <Popover className="select-popover">
        <AriaDialog className="calendar-dialog" aria-label={label}>
          <MarkedCalendar
            value={value}
            onChange={(date) => {
              onChange(date);
              setOpen(false);
            }}
          />
        </AriaDialog>
      </Popover>
    </DialogTrigger>
  );
}

function MarkedCalendar({ value, onChange }: { value: string; onChange: (date: string) => void }) {
  const t = useT();
  const [focused, setFocused] = useState(() => parseDate(value));
  const month = monthOf(focused);
  const days = useWorkingDays(month.from, month.to);
  const counts = new Map(days?.map((d) => [d.date, d.appointmentCount]));
  return (
    <Calendar
      firstDayOfWeek="mon"
      value={parseDate(value)}
      focusedValue={focused}
      onFocusChange={setFocused}
      onChange={(d: CalendarDate) => onChange(d.toString())}
    >
      <CalendarHeader />
      <CalendarGrid className="calendar-grid">
        {(day) => {
          const count = counts.get(day.toString());
          return (
            <CalendarCell date={day} className={`calendar-cell${count === undefined ? '' : ' is-working'}`}>
              {({ formattedDate, isOutsideMonth }) => (
                <>
                  {formattedDate}
                  {count !== undefined && !isOutsideMonth ? (
                    <span className="calendar-count" title={t('dayPicker.appointments', { count })}>
                      {count}
                    </span>
                  ) : null}
                </>
              )}
            </CalendarCell>
          );
        }}
      </CalendarGrid>
      <p className="calendar-legend">{t('dayPicker.legend')}</p>
    </Calendar>
  );
}
