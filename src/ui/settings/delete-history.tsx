import { parseDate, type CalendarDate } from '@internationalized/date';
import { useEffect, useState } from 'react';
import {
  Button as AriaButton,
  DateRangePicker,
  Dialog as AriaDialog,
  FieldError,
  Group,
  Input,
  Label,
  Popover,
  TextField,
} from 'react-aria-components';
import { archiveSelectedAppointments } from '../../db/commands/settings';
import type { ServerErrorShape } from '../../domain/errors';
import { archiveRangeProblem, DELETE_CONFIRMATION_WORD } from '../../domain/rules/settings';
import { useT } from '../../i18n';
import { Button } from '../button';
import { FormMessage } from '../form-field';
import { DayFormat, DaySegments } from '../day-segments';
import { Icon } from '../icons';
import { TwoMonthCalendar } from '../two-month-calendar';
import { submitCommand } from '../../sync/submit-command';
import { useServerError } from '../use-server-error';
import { useSalonToday } from '../salon/use-salon';

export const DELETE_HISTORY_FORM_KIND = 'settings.deleteHistory';

type Range = { start: CalendarDate; end: CalendarDate };

const asRange = (values: { fromDate?: string; toDate?: string } | null): Range | null => {
  try {
    return values?.fromDate && values.toDate ? { start: parseDate(values.fromDate), end: parseDate(values.toDate) } : null;
  } catch {
    return null;
  }
};

/**
 * 'Delete appointments' (part 2 §2, §4, §5): a date range up to today and a text box; the button is enabled only
 * when the text is exactly "Delete". It archives every appointment of the range (archiveSelectedAppointments), so
 * the history leaves the timetable and reports but stays in the books.
 */
export function DeleteHistory({
  salonId,
  reopened,
}: {
  salonId: string;
  reopened: { values: { fromDate?: string; toDate?: string }; error: ServerErrorShape; conflictId: number } | null;
}) {
  const t = useT();
  const server = useServerError('archiveHistory');
  const today = useSalonToday();
  const [range, setRange] = useState<Range | null>(() => asRange(reopened?.values ?? null));
  const [word, setWord] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<'accepted' | 'pending' | null>(null);
  const [conflictId, setConflictId] = useState<number | null>(reopened?.conflictId ?? null);

  useEffect(() => {
    if (reopened) server.report(reopened.error);
  }, [reopened, server.report]); // eslint-disable-line react-hooks/exhaustive-deps

  const problem = range ? archiveRangeProblem(range.start.toString(), range.end.toString(), today) : null;
  const rangeError = (problem ? t(problem) : null) ?? server.forField('range');
  const enabled = Boolean(range) && !problem && word === DELETE_CONFIRMATION_WORD && !busy;

  const submit = async () => {
    if (!range || !enabled) return;
    server.clear();
    setDone(null);
    setBusy(true);
    const values = { fromDate: range.start.toString(), toDate: range.end.toString() };
    try {
      const outcome = await submitCommand(
        archiveSelectedAppointments,
        { salon: salonId, ...values },
        { form: { kind: DELETE_HISTORY_FORM_KIND, values }, conflictId },
      );
      setConflictId(null);
      setDone(outcome);
      setWord('');
      setRange(null);
    } catch (error) {
      server.report(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-section" aria-labelledby="settings-delete-history">
      <h2 id="settings-delete-history" className="section-title">
        {t('settings.deleteHistory.title')}
      </h2>
      <p className="section-note">{t('settings.deleteHistory.prompt')}</p>
      <form
        className="delete-history"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DayFormat>
          <DateRangePicker
            className="field"
            value={range}
            onChange={(value) => {
              setRange(value);
              server.clear();
            }}
            maxValue={parseDate(today)}
            isInvalid={Boolean(rangeError)}
            validationBehavior="aria"
            firstDayOfWeek="mon"
          >
            <Label className="field-label">{t('settings.deleteHistory.range')}</Label>
            <Group className="field-input date-range-input">
              <DaySegments slot="start" className="date-input" />
              <span aria-hidden>–</span>
              <DaySegments slot="end" className="date-input" />
              <AriaButton className="btn btn-ghost field-button" aria-label={t('settings.deleteHistory.pickRange')}>
                <Icon name="calendar" />
              </AriaButton>
            </Group>
            <FieldError className="field-error">{rangeError}</FieldError>
            <Popover className="popover" placement="bottom start">
              <AriaDialog className="dialog">
                <TwoMonthCalendar className="calendar" />
              </AriaDialog>
            </Popover>
          </DateRangePicker>
        </DayFormat>
        <TextField className="field" value={word} onChange={setWord} autoComplete="off">
          <Label className="field-label">{t('settings.deleteHistory.word')}</Label>
          <Input className="field-input" />
        </TextField>
        <div className="form-actions">
          <Button type="submit" variant="danger" isDisabled={!enabled}>
            {t('settings.deleteHistory.button')}
          </Button>
        </div>
      </form>
      <FormMessage>{server.formError}</FormMessage>
      {done ? (
        <FormMessage kind="success">
          {t(done === 'accepted' ? 'settings.deleteHistory.done' : 'settings.deleteHistory.doneOffline')}
        </FormMessage>
      ) : null}
    </section>
  );
}
