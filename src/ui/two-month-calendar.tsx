import type { DateValue } from '@internationalized/date';
import { Button as AriaButton, CalendarCell, CalendarGrid, Heading, RangeCalendar, type RangeCalendarProps } from 'react-aria-components';

/** A range calendar of two months side by side, weeks from Monday (part 1 §2, part 2 date-range pickers). */
export function TwoMonthCalendar<T extends DateValue>(
  props: Omit<RangeCalendarProps<T>, 'visibleDuration' | 'firstDayOfWeek' | 'children'>,
) {
  return (
    <RangeCalendar {...props} visibleDuration={{ months: 2 }} firstDayOfWeek="mon">
      <CalendarHeader />
      <div className="calendar-months">
        <CalendarGrid className="calendar-grid">{(day) => <CalendarCell date={day} className="calendar-cell" />}</CalendarGrid>
        <CalendarGrid className="calendar-grid" offset={{ months: 1 }}>
          {(day) => <CalendarCell date={day} className="calendar-cell" />}
        </CalendarGrid>
      </div>
    </RangeCalendar>
  );
}

/** A calendar's header: previous, the month's title, next (every calendar of the panel). */
export function CalendarHeader() {
  return (
    <header className="calendar-header">
      <AriaButton slot="previous" className="btn btn-ghost">
        ‹
      </AriaButton>
      <Heading className="calendar-title" />
      <AriaButton slot="next" className="btn btn-ghost">
        ›
      </AriaButton>
    </header>
  );
}
