import { useEffect, useState } from 'react';
import { Input, Label, TextField } from 'react-aria-components';
import type { ServerErrorShape } from '../../domain/errors';
import { archiveRangeProblem, DELETE_CONFIRMATION_WORD, initialHistoryRange } from '../../domain/rules/settings';
import { useT } from '../../i18n';
import { Button } from '../button';
import { FormMessage } from '../form-field';
import { DateRangeButton, type DateRange } from '../date-range-button';
import { submitCommand } from '../../sync/submit-command';
import { useServerError } from '../use-server-error';
import { useSalonToday } from '../salon/use-salon';
import { SettingsSection } from '../settings-section';

export const DELETE_HISTORY_FORM_KIND = 'settings.deleteHistory';

const asRange = (values: { fromDate?: string; toDate?: string } | null): DateRange | null =>
  values?.fromDate && values.toDate ? { from: values.fromDate, to: values.toDate } : null;

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
  const [range, setRange] = useState<DateRange | null>(() => asRange(reopened?.values ?? null) ?? initialHistoryRange(today));
  const [word, setWord] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<'accepted' | 'pending' | null>(null);
  const [conflictId, setConflictId] = useState<number | null>(reopened?.conflictId ?? null);

  useEffect(() => {
    if (reopened) server.report(reopened.error);
  }, [reopened, server.report]); // eslint-disable-line react-hooks/exhaustive-deps

  const problem = range ? archiveRangeProblem(range.from, range.to, today) : null;
  const rangeError = (problem ? t(problem) : null) ?? server.forField('range');
  const enabled = Boolean(range) && !problem && word === DELETE_CONFIRMATION_WORD && !busy;

  const submit = async () => {
    if (!range || !enabled) return;
    server.clear();
    setDone(null);
    setBusy(true);
    const values = { fromDate: range.from, toDate: range.to };
    try {
      const outcome = await submitCommand(
        'salon.archiveAppointments',
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
    <SettingsSection id="settings-delete-history" title={t('settings.deleteHistory.title')} note={t('settings.deleteHistory.prompt')}>
      <form
        className="delete-history"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <span className="field-label">{t('settings.deleteHistory.range')}</span>
          <DateRangeButton
            label={t('settings.deleteHistory.pickRange')}
            value={range}
            placeholder={t('settings.deleteHistory.range')}
            maxValue={today}
            withYear
            past
            isInvalid={Boolean(rangeError)}
            onChange={(value) => {
              setRange(value);
              server.clear();
            }}
          />
          {rangeError ? <span className="field-error">{rangeError}</span> : null}
        </div>
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
    </SettingsSection>
  );
}
