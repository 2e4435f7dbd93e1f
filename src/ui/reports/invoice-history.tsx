import { Docs, request } from '../../api';
import { formatEuros } from '../../domain/rules/money';
import type { PaymentType } from '../../domain/entities';
import { dayTimeText } from '../../domain/rules/time';
import { useIntl, useT } from '../../i18n';
import { FormMessage } from '../form-message';
import { useOnline } from '../use-online';
import { useServerQuery } from '../use-server-query';

interface Values {
  price?: string | null;
  paymentType?: string | null;
}

/**
 * The owner's earlier edits of this line (decision 039): when, who, price and payment type before and after, newest
 * first. The trace lives on the server only, so this reads it online (TanStack Query): offline it shows what was
 * read last, or says that the history needs a connection.
 */
export function InvoiceHistory({ salonId, invoiceId, itemId }: { salonId: string; invoiceId: string; itemId: string }) {
  const t = useT();
  const { locale } = useIntl();
  const online = useOnline();
  const query = useServerQuery({
    queryKey: ['invoiceChanges', invoiceId],
    queryFn: () => request(Docs.GetInvoiceChangesDocument, { salon: salonId, invoiceId }),
    enabled: online,
  });
  const changes = (query.data?.getInvoiceChanges ?? []).filter((c) => c.itemId === itemId);
  const shown = (v: Values | null | undefined) =>
    v?.price ? `${formatEuros(v.price, locale)}, ${v.paymentType ? t(`payment.${v.paymentType as PaymentType}`) : ''}` : '—';
  return (
    <section className="invoice-history" aria-label={t('report.history.title')}>
      <h3 className="field-label">{t('report.history.title')}</h3>
      {!query.data && !online ? <FormMessage kind="info">{t('report.history.offline')}</FormMessage> : null}
      {query.isError ? <FormMessage>{t('error.default')}</FormMessage> : null}
      {query.data && changes.length === 0 ? <p className="muted">{t('report.history.empty')}</p> : null}
      {changes.length > 0 ? (
        <ol className="invoice-history-list">
          {changes.map((c) => (
            <li key={c.id}>
              <span className="muted">
                {dayTimeText(new Date(c.createdAt))} · {c.userName}
              </span>
              <span>{t('report.history.change', { before: shown(c.before), after: shown(c.after) })}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
