import { useState } from 'react';
import type { ServerErrorShape } from '../../domain/errors';
import { cashDifference } from '../../domain/rules/cash-up';
import { decimalToCents, formatEuros } from '../../domain/rules/money';
import { dayTimeText } from '../../domain/rules/time';
import type { CashUpFormValues } from '../../domain/schemas/cash-up';
import { isAdministrator } from '../../domain/roles';
import { useIntl, useT } from '../../i18n';
import { Button } from '../button';
import { useReopenedForm } from '../list-page/use-reopened-form';
import { fullName } from '../salon/use-clients';
import { useSalonToday } from '../salon/use-salon';
import { salonAdministrators } from '../../db/queries/staff';
import { useSalonRows } from '../sync/use-salon-rows';
import { useSession } from '../session/use-session';
import { usePendingRows } from '../sync/use-pending';
import { CashUpDialog, signedEuros } from './cash-up-dialog';
import { useCashUp } from './use-cash-up';
import './cash-ups.css';

interface Reopened {
  values?: CashUpFormValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
}

/**
 * The Report's day closed or to close (issue 59 item 3): for a day that has begun, either "Close the till" or the
 * cash-up as it was closed (expected, counted, difference, note, who and when), and, when the day's cash payments
 * changed after closing, what they say now, to review. Printed with the Report.
 */
export function CashUpPanel({ date, onDate }: { date: string; onDate: (date: string) => void }) {
  const t = useT();
  const { locale } = useIntl();
  const session = useSession();
  const today = useSalonToday();
  const cashUp = useCashUp(date);
  const pending = usePendingRows();
  const administrators = useSalonRows(salonAdministrators);
  const [open, setOpen] = useState<Reopened | null>(null);
  // A close refused after the device came back reopens here, on its day, with what was typed (DESIGN.md §5.4).
  useReopenedForm<CashUpFormValues & { date?: string }>('cashUp', 'cashUpId', ({ values, refusal, conflictId }) => {
    if (!values) return;
    const { date: day, ...typed } = values;
    if (day) onDate(day);
    setOpen({ values: typed, refusal, conflictId });
  });
  if (!session || !isAdministrator(session) || date > today || cashUp === undefined) return null;
  const money = (cents: number) => formatEuros(cents, locale);
  const dialog = open ? (
    <CashUpDialog
      date={date}
      expected={cashUp.expected}
      initialValues={open.values}
      refusal={open.refusal}
      conflictId={open.conflictId}
      onClose={() => setOpen(null)}
    />
  ) : null;
  const row = cashUp.row;
  if (!row) {
    return (
      <section className="cash-up" aria-labelledby="cash-up-title" data-testid="cash-up">
        <h2 id="cash-up-title">{t('cashUp.title')}</h2>
        <p className="muted">{t('cashUp.open')}</p>
        <Button variant="secondary" onPress={() => setOpen({})}>
          {t('cashUp.close')}
        </Button>
        {dialog}
      </section>
    );
  }
  const expected = decimalToCents(row.expectedCash);
  const counted = decimalToCents(row.countedCash);
  const closer = administrators?.find((a) => a.userId === row.closedBy);
  const changed = cashUp.expected !== expected && !pending.has(`cashUps:${row.id}`);
  return (
    <section className="cash-up" aria-labelledby="cash-up-title" data-testid="cash-up">
      <h2 id="cash-up-title">{t('cashUp.title')}</h2>
      <dl className="cash-up-figures">
        <div>
          <dt>{t('cashUp.expected')}</dt>
          <dd>{money(expected)}</dd>
        </div>
        <div>
          <dt>{t('cashUp.counted')}</dt>
          <dd>{money(counted)}</dd>
        </div>
        <div>
          <dt>{t('cashUp.difference')}</dt>
          <dd data-testid="cash-up-difference">{signedEuros(cashDifference(counted, expected), locale)}</dd>
        </div>
      </dl>
      {row.note ? <p className="cash-up-note">{row.note}</p> : null}
      <p className="muted">{t('cashUp.closedBy', { name: closer ? fullName(closer) : '—', when: dayTimeText(new Date(row.closedAt)) })}</p>
      {pending.has(`cashUps:${row.id}`) ? <p className="muted">{t('cashUp.pending')}</p> : null}
      {changed ? (
        <p className="cash-up-changed" role="status" data-testid="cash-up-changed">
          {t('cashUp.changed', { amount: money(cashUp.expected), change: signedEuros(cashUp.expected - expected, locale) })}
        </p>
      ) : null}
    </section>
  );
}
