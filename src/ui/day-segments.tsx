import type { ReactNode } from 'react';
import { DateInput, DateSegment, I18nProvider, useLocale } from 'react-aria-components';

/**
 * Typed dates read DD.MM.YYYY in every language (part 1 §9, part 2 §9: "Date formats"). react-aria
 * lays a field's segments out by its locale: English (en-GB) would give 23/11/2026, so English fields take
 * en-CH (the same English words and Monday weeks, digits as 23.11.2026); Latvian's trailing dot (23.11.2026.)
 * is hidden by the stylesheet (`.day-segments`). Wrap the picker (it owns the field's state) in this.
 */
export function DayFormat({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  return <I18nProvider locale={locale.startsWith('en') ? 'en-CH' : locale}>{children}</I18nProvider>;
}

/** A date field's DD.MM.YYYY segments. */
export function DaySegments({ className, slot }: { className: string; slot?: 'start' | 'end' }) {
  return (
    <DateInput className={`${className} day-segments`} slot={slot}>
      {(segment) => <DateSegment segment={segment} className="date-segment" />}
    </DateInput>
  );
}
