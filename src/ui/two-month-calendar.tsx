import type { DateValue } from '@internationalized/date';
import { useContext, useEffect, useState } from 'react';
import {
  Button as AriaButton,
  CalendarCell,
  CalendarGrid,
  Heading,
  RangeCalendar,
  RangeCalendarStateContext,
  type RangeCalendarProps,
} from 'react-aria-components';

/**
 * A range calendar of two months side by side, weeks from Monday (part 1 §2, part 2 date-range pickers). Once the
 * first day is picked, the days before it are unavailable: the second click ends the range, it never silently
 * becomes its start (issue 60 item 3).
 */
export function TwoMonthCalendar<T extends DateValue>({
  isDateUnavailable,
  ...props
}: Omit<RangeCalendarProps<T>, 'visibleDuration' | 'firstDayOfWeek' | 'children'>) {
  const [anchor, setAnchor] = useState<DateValue | null>(null);
  const unavailable = isDateUnavailable as ((date: DateValue) => boolean) | undefined;
  return (
    <RangeCalendar
      {...props}
      isDateUnavailable={(date) => (anchor !== null && date.compare(anchor) < 0) || Boolean(unavailable?.(date))}
      visibleDuration={{ months: 2 }}
      firstDayOfWeek="mon"
    >
      <AnchorWatcher onAnchor={setAnchor} />
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

/** Tells the calendar the first day picked of a range in progress (null when none is). */
function AnchorWatcher({ onAnchor }: { onAnchor: (date: DateValue | null) => void }) {
  const anchor = useContext(RangeCalendarStateContext)?.anchorDate ?? null;
  useEffect(() => onAnchor(anchor), [anchor, onAnchor]);
  return null;
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
