import { useStore } from '@tanstack/react-form';
import * as v from 'valibot';
import type { FormRef } from '../../db/salon-db';
import type { ServerErrorShape } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { cashDifference } from '../../domain/rules/cash-up';
import { centsToDecimal, formatEuros, parsePrice, type Cents } from '../../domain/rules/money';
import { dayText } from '../../domain/rules/time';
import { BLANK_CASH_UP_FORM, cashUpFormSchema, type CashUpFormValues } from '../../domain/schemas/cash-up';
import { useIntl, useT } from '../../i18n';
import { submitCommand } from '../../sync/submit-command';
import { Button } from '../button';
import { useCommandForm } from '../command-form';
import { Dialog } from '../dialog';
import { FormMessage } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { useSession } from '../session/use-session';

/** A signed amount: '+€2.50', '−€1.00', '€0.00'. */
export function signedEuros(cents: Cents, locale: string): string {
  const shown = formatEuros(Math.abs(cents), locale);
  return cents > 0 ? `+${shown}` : cents < 0 ? `−${shown}` : shown;
}

/**
 * Close the till (issue 59 item 3): the day's expected cash from its payments, the cash counted, the difference as
 * it is typed, and a note. A command, so it closes offline too; a refusal (the day closed on another device
 * meanwhile) shows on the form, or reopens it from the conflicts list.
 */
export function CashUpDialog({
  date,
  expected,
  initialValues,
  refusal,
  conflictId,
  onClose,
}: {
  date: string;
  expected: Cents;
  initialValues?: CashUpFormValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
  onClose: () => void;
}) {
  const t = useT();
  const { locale } = useIntl();
  const session = useSession();
  const { form, server } = useCommandForm<CashUpFormValues>({
    operation: 'cashUp',
    refusal,
    schema: cashUpFormSchema,
    defaultValues: initialValues ?? BLANK_CASH_UP_FORM,
    send: (value) => {
      const { countedCash, note } = v.parse(cashUpFormSchema, value);
      const ref: FormRef = { kind: 'cashUp.close', values: { ...value, date } };
      const input = { id: newId(), salon: session?.salon ?? '', date, countedCash, note, expectedCash: centsToDecimal(expected) };
      return submitCommand('cashUp.close', input, { form: ref, conflictId });
    },
    onDone: onClose,
  });
  const typed = useStore(form.store, (s) => s.values.countedCash);
  const counted = parsePrice(typed);
  return (
    <Dialog title={t('cashUp.dialogTitle', { day: dayText(date) })} isOpen onClose={onClose} size="sm">
      <FormShell form={form} server={server}>
        <dl className="cash-up-figures">
          <div>
            <dt>{t('cashUp.expected')}</dt>
            <dd data-testid="cash-up-expected">{formatEuros(expected, locale)}</dd>
            <dd className="field-description">{t('cashUp.expectedHint')}</dd>
          </div>
        </dl>
        <form.AppField name="countedCash">
          {(field) => <field.TextField label={t('cashUp.counted')} inputMode="text" autoComplete="off" autoFocus />}
        </form.AppField>
        <dl className="cash-up-figures">
          <div>
            <dt>{t('cashUp.difference')}</dt>
            <dd data-testid="cash-up-difference">{counted === null ? '—' : signedEuros(cashDifference(counted, expected), locale)}</dd>
          </div>
        </dl>
        <form.AppField name="note">{(field) => <field.TextField label={t('cashUp.note')} multiline />}</form.AppField>
        <FormMessage>{server.formError}</FormMessage>
        <div className="form-actions">
          <Button variant="ghost" onPress={onClose}>
            {t('common.cancel')}
          </Button>
          <SubmitButton form={form} requireChange={false}>
            {t('cashUp.close')}
          </SubmitButton>
        </div>
      </FormShell>
    </Dialog>
  );
}
