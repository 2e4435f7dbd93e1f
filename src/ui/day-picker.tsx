import { useRef, useState } from 'react';
import { useLanguage, withWholeCatalog } from '../i18n';
import { useLoadedAfterPaint } from './after-paint';
import { dayLabel } from './appointments/day-label';
import { PlainButton } from './plain-button';

type PopoverModule = typeof import('./day-picker-popover');
const loadPopover = () => withWholeCatalog(import('./day-picker-popover'));
const popoverModule: { current: PopoverModule | null } = { current: null };

/**
 * The day of the timetable and of Schedule Settings (part 1 §2, part 2 §2): a read-only 'MMM D, dddd' button
 * opening a calendar with weeks from Monday. The shown month marks the days with masters' working time and
 * their appointment counts (getWorkingDays, part 1 §7, read from the mirror: offline too). The calendar is loaded
 * after the first paint, or at once when the button is pressed before that.
 */
export function DayPicker({
  value,
  onChange,
  label,
  masterId = null,
  windowed = false,
}: {
  value: string;
  onChange: (date: string) => void;
  label: string;
  /** Whose working days are marked: one master's, or (null) any master's. */
  masterId?: string | null;
  /**
   * Marks only from today to about six months ahead, as getWorkingDays answers (part 1 §7, §9): the timetable's
   * picker. The Schedule page's marks any month, its planning reaching further.
   */
  windowed?: boolean;
}) {
  const { language } = useLanguage();
  const [isOpen, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const loaded = useLoadedAfterPaint(loadPopover, popoverModule, isOpen);
  const text = dayLabel(value, language);
  const Calendar = loaded?.default;
  return (
    <>
      <PlainButton
        ref={trigger}
        variant="ghost"
        className="day-label"
        aria-label={`${label}: ${text}`}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onPress={() => setOpen(true)}
      >
        <span data-testid="day-label" aria-live="polite">
          {text}
        </span>{' '}
        <span aria-hidden>▾</span>
      </PlainButton>
      {Calendar ? (
        <Calendar
          triggerRef={trigger}
          isOpen={isOpen}
          onOpenChange={setOpen}
          value={value}
          onChange={onChange}
          label={label}
          masterId={masterId}
          windowed={windowed}
        />
      ) : null}
    </>
  );
}
