import { parseDate, type CalendarDate } from '@internationalized/date';
import { useState, type RefObject } from 'react';
import { Calendar, CalendarCell, CalendarGrid, Dialog as AriaDialog, Popover } from 'react-aria-components';
import { useT } from '../i18n';
import { workingDaysWindow } from '../domain/rules/working-days';
import { useSalonToday } from './salon/use-salon';
import { useWorkingDays } from './salon/use-salon-setup';
import { CalendarHeader } from './two-month-calendar';

const monthOf = (d: CalendarDate) => {
  const first = d.set({ day: 1 });
  return { from: first.toString(), to: first.add({ months: 1 }).subtract({ days: 1 }).toString() };
};

/**
 * The Day Picker's calendar (day-picker.tsx), a chunk of its own: the timetable paints its day without React
 * Aria's calendar and overlays, which load after the first paint (issue 23).
 */
export default function DayPickerPopover({
  triggerRef,
  isOpen,
  onOpenChange,
  value,
  onChange,
  label,
  masterId,
  windowed,
}: {
  masterId: string | null;
  windowed: boolean;
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  value: string;
  onChange: (date: string) => void;
  label: string;
}) {
  return (
    <Popover className="select-popover" triggerRef={triggerRef} isOpen={isOpen} onOpenChange={onOpenChange}>
      <AriaDialog className="calendar-dialog" aria-label={label}>
        <MarkedCalendar
          value={value}
          masterId={masterId}
          windowed={windowed}
          onChange={(date) => {
            onChange(date);
            onOpenChange(false);
          }}
        />
      </AriaDialog>
    </Popover>
  );
}

function MarkedCalendar({
  value,
  onChange,
  masterId,
  windowed,
}: {
  value: string;
  onChange: (date: string) => void;
  masterId: string | null;
  windowed: boolean;
}) {
  const t = useT();
  const [focused, setFocused] = useState(() => parseDate(value));
  const month = monthOf(focused);
  // Today to about six months ahead, of the master whose days are shown (part 1 §7, §9).
  const today = useSalonToday();
  const shown = windowed ? workingDaysWindow(today, month.from, month.to) : month;
  const days = useWorkingDays(shown?.from ?? null, shown?.to ?? null, masterId);
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
