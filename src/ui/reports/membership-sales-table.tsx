import { formatEuros } from '../../domain/rules/money';
import type { MembershipSales } from '../../domain/rules/membership-sales';
import { dayText } from '../../domain/rules/time';
import { useIntl, useT } from '../../i18n';
import { useClientNames, type ReportView } from './use-report';

/**
 * The memberships sold in the report's range (decision 071): day, client, membership (serial number and service),
 * uses bought, price and how it was paid. Drawn under the groups, since no seller's group holds them.
 */
export function MembershipSalesTable({ sales, view }: { sales: MembershipSales; view: ReportView }) {
  const t = useT();
  const { locale } = useIntl();
  const removed = t('report.removed');
  const clients = useClientNames([...new Set(sales.rows.map((r) => r.clientId))]);
  if (sales.rows.length === 0) return null;
  return (
    <div className="report-memberships">
      <h2 id="report-memberships-title" className="section-title">
        {t('report.tile.memberships')}
      </h2>
      <p className="muted">{t('report.memberships.explain')}</p>
      <div className="table-scroll">
        <table className="table report-rows" aria-labelledby="report-memberships-title">
          <thead>
            <tr>
              <th scope="col">{t('report.col.date')}</th>
              <th scope="col">{t('report.col.client')}</th>
              <th scope="col">{t('report.col.membership')}</th>
              <th scope="col" className="num">
                {t('memberships.uses')}
              </th>
              <th scope="col" className="num">
                {t('report.col.price')}
              </th>
              <th scope="col">{t('report.col.payment')}</th>
            </tr>
          </thead>
          <tbody>
            {sales.rows.map((r) => (
              <tr key={r.membershipId}>
                <td>{dayText(r.date)}</td>
                <td>{clients ? (clients.get(r.clientId) ?? removed) : '…'}</td>
                <td>{t('report.membership', { serialNumber: r.serialNumber, service: view.entityNames.get(r.serviceId) ?? removed })}</td>
                <td className="num">{r.quantity}</td>
                <td className="num">{formatEuros(r.price, locale)}</td>
                <td>{t(`payment.${r.paymentType}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
