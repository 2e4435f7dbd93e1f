import { useMemo } from 'react';
import { formatEuros } from '../../domain/rules/money';
import { invoiceState } from '../../domain/rules/subscription';
import { dayText } from '../../domain/rules/time';
import { useLanguage, useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { LoadMoreRow, PagedListState } from '../list-page/list-parts';
import { OfflineNote } from '../offline-note';
import { useLoadMore } from '../use-load-more';
import { useOnline } from '../use-online';
import { useInvoicePages } from './use-subscription';

/**
 * Invoices (/salon/invoices, part 2 §2 "Invoices page and subscription"): the salon's subscription invoices, Number,
 * the day it was made, Total (cents shown as euros), its state (paid, open, failed; issue 59 item 1) and Download
 * opening the PDF in a new tab, 20 a page with further pages appended as the last row comes into view (the original
 * merged the wrong list, part 2 §7); a €0.00 invoice is explained as the trial's. Online only: offline it shows the
 * pages read last, saying when.
 */
export function SubscriptionPage() {
  const t = useT();
  const { language } = useLanguage();
  const online = useOnline();
  const salonId = useSession()?.salon ?? '';
  const pages = useInvoicePages(salonId, online);
  const rows = useMemo(() => pages.data?.pages.flatMap((p) => p.getInvoices.edges.map((e) => e.node)) ?? [], [pages.data]);
  const sentinel = useLoadMore<HTMLTableRowElement>(pages, online, rows.length);

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.invoices')}</h1>
      </div>
      <OfflineNote online={online} updatedAt={pages.dataUpdatedAt} />
      <PagedListState pages={pages} online={online} shown={rows.length} empty={t('subscription.invoices.empty')} />
      {rows.length > 0 ? (
        <table className="table" aria-label={t('screen.invoices')} data-testid="subscription-invoices">
          <thead>
            <tr>
              <th scope="col">{t('subscription.invoices.number')}</th>
              <th scope="col">{t('subscription.invoices.date')}</th>
              <th scope="col" className="num">
                {t('subscription.invoices.total')}
              </th>
              <th scope="col">{t('subscription.invoices.status')}</th>
              <th scope="col">{t('subscription.invoices.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((invoice) => (
              <tr key={invoice.id} data-testid="subscription-invoice">
                <td>{invoice.number}</td>
                <td>{dayText(new Date(invoice.created))}</td>
                <td className="num">{formatEuros(invoice.total, language)}</td>
                <td>
                  <span className={`invoice-state invoice-state-${invoiceState(invoice)}`}>
                    {t(`subscription.invoices.state.${invoiceState(invoice)}`)}
                  </span>
                </td>
                <td>
                  {invoice.invoicePdf ? (
                    <a
                      className="btn btn-link"
                      href={invoice.invoicePdf}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('subscription.invoices.downloadLabel', { number: invoice.number })}
                    >
                      {t('subscription.invoices.download')}
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
            <LoadMoreRow sentinel={sentinel} colSpan={5} hasMore={pages.hasNextPage} />
          </tbody>
        </table>
      ) : null}
      {rows.some((invoice) => invoice.total === 0) ? (
        <p className="section-note" data-testid="trial-invoice-note">
          {t('subscription.invoices.trialNote', { zero: formatEuros(0, language) })}
        </p>
      ) : null}
    </section>
  );
}
