import { parseDate } from '@internationalized/date';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DatePicker,
  Dialog as AriaDialog,
  FieldError,
  Group,
  Heading,
  Label,
  Popover,
} from 'react-aria-components';
import { DayFormat, DaySegments } from './day-segments';
import { Icon } from './icons';

const parse = (value: string | null) => {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
};

/**
 * A date typed (DD.MM.YYYY, day-segments.tsx) or picked from a calendar (react-aria: week from Monday through the app's
 * I18nProvider). Values are 'YYYY-MM-DD'; `minDate` disables earlier days.
 */
export function DateField({
  label,
  value,
  onChange,
  minDate,
  isDisabled,
  errorMessage,
  description,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  minDate?: string | null;
  isDisabled?: boolean;
  errorMessage?: string | null;
  description?: string | null;
}) {
  return (
    <DayFormat>
      <DatePicker
        className="field"
        value={parse(value)}
        onChange={(d) => onChange(d ? d.toString() : null)}
        minValue={parse(minDate ?? null) ?? undefined}
        isDisabled={isDisabled}
        isInvalid={Boolean(errorMessage)}
        validationBehavior="aria"
      >
        <Label className="field-label">{label}</Label>
        <Group className="field-input date-group">
          <DaySegments className="date-input" />
          <AriaButton className="btn btn-ghost date-button">
            <Icon name="calendar" />
          </AriaButton>
        </Group>
        {description && !errorMessage ? <span className="field-description">{description}</span> : null}
        <FieldError className="field-error">{errorMessage}</FieldError>
        <Popover className="popover" placement="bottom start">
          <AriaDialog className="dialog">
            <Calendar className="calendar">
              <header className="calendar-header">
                <AriaButton slot="previous" className="btn btn-ghost">
                  <Icon name="chevronLeft" />
                </AriaButton>
                <Heading className="calendar-title" />
                <AriaButton slot="next" className="btn btn-ghost">
                  <Icon name="chevronRight" />
                </AriaButton>
              </header>
              <CalendarGrid className="calendar-grid">{(date) => <CalendarCell date={date} className="calendar-cell" />}</CalendarGrid>
            </Calendar>
          </AriaDialog>
        </Popover>
      </DatePicker>
    </DayFormat>
  );
}
