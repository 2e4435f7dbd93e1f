import { parseDate } from '@internationalized/date';
import { useState } from 'react';
import { Dialog as AriaDialog, DialogTrigger, Popover } from 'react-aria-components';
import { useLanguage } from '../i18n';
import { Button } from './button';
import { TwoMonthCalendar } from './two-month-calendar';

export interface DateRange {
  from: string;
  to: string;
}

/** 'MMM D' in the user's language (part 2 §9 range placeholder), e.g. 'Nov 22'. */
export function monthDay(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * The calendar's date range (part 1 §2, part 2 §2): a button reading 'Nov 22 – Nov 29' opening a range
 * calendar of two months with weeks from Monday (DESIGN.md §3); picking the second day applies the range.
 */
export function DateRangeButton({ label, value, onChange }: { label: string; value: DateRange; onChange: (range: DateRange) => void }) {
  const { language } = useLanguage();
  const [isOpen, setOpen] = useState(false);
  const text = `${monthDay(value.from, language)} – ${monthDay(value.to, language)}`;
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button variant="secondary" aria-label={`${label}: ${text}`} data-testid="range-button">
        {text} <span aria-hidden>▾</span>
      </Button>
      <Popover className="select-popover" placement="bottom start">
        <AriaDialog className="calendar-dialog" aria-label={label}>
          <TwoMonthCalendar
            aria-label={label}
            defaultValue={{ start: parseDate(value.from), end: parseDate(value.to) }}
            onChange={(r) => {
              onChange({ from: r.start.toString(), to: r.end.toString() });
              setOpen(false);
            }}
          />
        </AriaDialog>
      </Popover>
    </DialogTrigger>
  );
}
