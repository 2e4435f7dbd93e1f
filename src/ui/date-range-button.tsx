import { getLocalTimeZone, parseDate, today } from '@internationalized/date';
import { useState } from 'react';
import { Dialog as AriaDialog, DialogTrigger, Popover } from 'react-aria-components';
import { useLanguage } from '../i18n';
import { Button } from './button';
import { TwoMonthCalendar } from './two-month-calendar';

export interface DateRange {
  from: string;
  to: string;
}

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

const formats = new Map<string, Intl.DateTimeFormat>();
/** One DateTimeFormat per language and shape: making one takes longer than formatting with it. */
function formatIn(language: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${language}|${withYear}`;
  let format = formats.get(key);
  if (!format)
    formats.set(
      key,
      (format = new Intl.DateTimeFormat(language, {
        month: 'short',
        day: 'numeric',
        ...(withYear ? { year: 'numeric' } : {}),
        timeZone: 'UTC',
      })),
    );
  return format;
}

/** 'MMM D' in the user's language (part 2 §9 range placeholder), e.g. 'Nov 22'. */
export function monthDay(date: string, language: string): string {
  return formatIn(language, false).format(noon(date));
}

/** 'MMM D YYYY' in the user's language (part 2 §9, the deletion range): 'Nov 22 2026', '2026. gada 22. nov.', '22 нояб. 2026 г.'. */
export function monthDayYear(date: string, language: string): string {
  return formatIn(language, true).format(noon(date)).replace(',', '');
}

/**
 * The calendar's date range (part 1 §2, part 2 §2): a read-only button reading 'Nov 22 – Nov 29' (or, `withYear`,
 * 'Nov 22 2026 – Nov 29 2026') opening a range calendar of two months with weeks from Monday (DESIGN.md §3);
 * picking the second day applies the range. With no range yet it reads `placeholder`.
 */
export function DateRangeButton({
  label,
  value,
  onChange,
  placeholder = '',
  maxValue,
  withYear = false,
  isInvalid = false,
  past = false,
}: {
  label: string;
  value: DateRange | null;
  onChange: (range: DateRange) => void;
  placeholder?: string;
  maxValue?: string;
  withYear?: boolean;
  isInvalid?: boolean;
  /** Ranges of what has happened (a report): the calendar opens on the previous and the current month. */
  past?: boolean;
}) {
  const { language } = useLanguage();
  const [isOpen, setOpen] = useState(false);
  const format = withYear ? monthDayYear : monthDay;
  const text = value ? `${format(value.from, language)} – ${format(value.to, language)}` : placeholder;
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button
        variant="secondary"
        aria-label={`${label}: ${text}`}
        aria-invalid={isInvalid || undefined}
        className={isInvalid ? 'is-invalid' : undefined}
        data-testid="range-button"
      >
        {text} <span aria-hidden>▾</span>
      </Button>
      <Popover className="select-popover" placement="bottom start">
        <AriaDialog className="calendar-dialog" aria-label={label}>
          <TwoMonthCalendar
            aria-label={label}
            defaultValue={value ? { start: parseDate(value.from), end: parseDate(value.to) } : undefined}
            defaultFocusedValue={past ? today(getLocalTimeZone()).subtract({ months: 1 }) : undefined}
            maxValue={maxValue ? parseDate(maxValue) : undefined}
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
