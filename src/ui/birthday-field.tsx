import type { AnyFieldApi } from '@tanstack/react-form';
import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Dialog as AriaDialog,
  DialogTrigger,
  Popover,
} from 'react-aria-components';
import { birthdayFromForm, birthdayToForm, formatBirthdayAsTyped } from '../domain/schemas/client-form';
import { useT } from '../i18n';
import { FormTextField } from './form-field';
import { Icon } from './icons';
import { CalendarHeader } from './two-month-calendar';

function asDate(value: string): CalendarDate | null {
  const iso = birthdayFromForm(value);
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  try {
    return parseDate(iso);
  } catch {
    return null;
  }
}

/**
 * Birthday typed as MM.DD.YYYY (part 1 §3) or picked from a calendar. `minDate` ('YYYY-MM-DD') limits the
 * calendar for users who may only pick today or later (part 1 §5); the form's check says the same.
 */
export function BirthdayField({
  field,
  label,
  minDate,
  isReadOnly,
  serverError,
}: {
  field: AnyFieldApi;
  label: string;
  minDate?: string | null;
  isReadOnly?: boolean;
  serverError?: string | null;
}) {
  const t = useT();
  const value = String(field.state.value ?? '');
  const picked = asDate(value);
  return (
    <div className="field-with-button">
      <FormTextField
        field={field}
        label={label}
        placeholder={t('client.birthdayFormat')}
        inputMode="numeric"
        format={formatBirthdayAsTyped}
        isReadOnly={isReadOnly}
        serverError={serverError}
      />
      {isReadOnly ? null : (
        <DialogTrigger>
          <AriaButton className="btn btn-ghost field-button" aria-label={t('client.pickBirthday')}>
            <Icon name="calendar" />
          </AriaButton>
          <Popover className="popover" placement="bottom end">
            <AriaDialog className="dialog">
              {({ close }) => (
                <Calendar
                  className="calendar"
                  aria-label={label}
                  value={picked}
                  focusedValue={undefined}
                  defaultFocusedValue={picked ?? undefined}
                  minValue={minDate ? parseDate(minDate) : undefined}
                  onChange={(date) => {
                    field.handleChange(birthdayToForm(date.toString()));
                    close();
                  }}
                >
                  <CalendarHeader />
                  <CalendarGrid className="calendar-grid">{(date) => <CalendarCell date={date} className="calendar-cell" />}</CalendarGrid>
                </Calendar>
              )}
            </AriaDialog>
          </Popover>
        </DialogTrigger>
      )}
    </div>
  );
}
