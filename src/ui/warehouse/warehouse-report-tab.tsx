import { useMemo, useState } from 'react';
import { formatEuros } from '../../domain/rules/money';
import { dayText, salonDate, SERVICE_TIME_ZONE } from '../../domain/rules/time';
import { useIntl, useLanguage, useT } from '../../i18n';
import { DateRangeButton } from '../date-range-button';
import { FormMessage } from '../form-message';
import { MultiSelectFilter } from '../multi-select-filter';
import { useKeptRange, useKeptSet } from '../area-state';
import { OfflineNote } from '../offline-note';
import { useOnline } from '../use-online';
import { useSupplierSalons, useWarehouseReport, type WarehouseReport } from './use-warehouse';
import '../reports/reports.css';

const sorted = (set: ReadonlySet<string>) => [...set].sort();

/** This month so far, in the salons' zone (decision 045). */
function monthSoFar(): { from: string; to: string } {
  const today = salonDate(new Date(), SERVICE_TIME_ZONE);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * Report (part 2 §2): Salons, Manufacturers and Masters (with the master's salon as caption) and the date range;
 * Total quantity and Total revenue; the sales grouped by the day they were bought, each day collapsed with its
 * quantity and sum, opening to Salon, Address, Seller, Product, Quantity, Price, Total.
 */
export function WarehouseReportTab() {
  const t = useT();
  const { language } = useLanguage();
  const { locale } = useIntl();
  const online = useOnline();
  const salons = useSupplierSalons(online).data?.getSupplierSalons;
  // The range and the three filters are kept for the session (part 1 §1: report filters).
  const [range, setRange] = useKeptRange('warehouse.report.range', monthSoFar);
  const [chosenSalons, setSalons] = useKeptSet('warehouse.report.salons');
  const [chosenManufacturers, setManufacturers] = useKeptSet('warehouse.report.manufacturers');
  const [chosenMasters, setMasters] = useKeptSet('warehouse.report.masters');
  const filters = useMemo(
    () => ({ ...range, salons: sorted(chosenSalons), manufacturers: sorted(chosenManufacturers), masters: sorted(chosenMasters) }),
    [range, chosenSalons, chosenManufacturers, chosenMasters],
  );
  const report = useWarehouseReport(filters, language, online);
  const data = report.data?.getSupplierReport;

  const salonItems = (salons ?? []).map((s) => ({ id: s.id, label: s.name }));
  const shownSalons = (salons ?? []).filter((s) => chosenSalons.size === 0 || chosenSalons.has(s.id));
  const manufacturerItems = [
    ...new Map(shownSalons.flatMap((s) => s.manufacturers.map((m) => [m.id, { id: m.id, label: m.name }] as const))).values(),
  ];
  const masterItems = shownSalons.flatMap((s) =>
    s.masters.map((m) => ({ id: m.id, label: `${m.firstName} ${m.lastName}`.trim(), caption: s.name })),
  );

  return (
    <div className="stack">
      <div className="toolbar">
        <MultiSelectFilter
          label={t('warehouse.salons')}
          placeholder={t('warehouse.allSalons')}
          items={salonItems}
          value={chosenSalons}
          onChange={setSalons}
        />
        <MultiSelectFilter
          label={t('warehouse.manufacturers')}
          placeholder={t('warehouse.allManufacturers')}
          items={manufacturerItems}
          value={chosenManufacturers}
          onChange={setManufacturers}
        />
        <MultiSelectFilter
          label={t('warehouse.masters')}
          placeholder={t('warehouse.allMasters')}
          items={masterItems}
          value={chosenMasters}
          onChange={setMasters}
        />
        <DateRangeButton label={t('report.range')} placeholder={t('report.range')} value={range} onChange={setRange} past />
      </div>
      <OfflineNote online={online} updatedAt={report.dataUpdatedAt} />
      {report.isError ? <FormMessage>{t('error.default')}</FormMessage> : null}
      {data ? (
        <div className="tiles" data-testid="warehouse-totals">
          <section className="tile" aria-label={t('warehouse.totalQuantity')}>
            <h2>{t('warehouse.totalQuantity')}</h2>
            <p className="tile-value">{data.totalQuantity}</p>
          </section>
          <section className="tile" aria-label={t('warehouse.totalRevenue')}>
            <h2>{t('warehouse.totalRevenue')}</h2>
            <p className="tile-value">{formatEuros(data.revenue.total, locale)}</p>
            <p className="muted">{t('warehouse.cash', { amount: formatEuros(data.revenue.cash, locale) })}</p>
          </section>
        </div>
      ) : null}
      {data && data.days.length === 0 ? <p className="empty">{t('report.empty')}</p> : null}
      {data && data.days.length > 0 ? (
        <div className="report-groups">
          {data.days.map((d) => (
            <Day key={d.date} day={d} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** One purchase day: collapsed by default, its quantity and sum in the header. */
function Day({ day }: { day: WarehouseReport['days'][number] }) {
  const t = useT();
  const { locale } = useIntl();
  const [open, setOpen] = useState(false);
  const id = `warehouse-day-${day.date}`;
  return (
    <section className="report-group" data-testid="warehouse-day">
      <button type="button" className="report-group-header" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span className="report-group-toggle" aria-hidden>
          {open ? '−' : '+'}
        </span>
        <span className="report-group-name">{dayText(day.date)}</span>
        <span>{t('warehouse.dayQuantity', { count: day.quantity })}</span>
        <span className="report-group-total">{formatEuros(day.sum, locale)}</span>
      </button>
      {open ? (
        <div id={id} role="region" aria-label={dayText(day.date)}>
          <table className="table report-rows">
            <thead>
              <tr>
                <th scope="col">{t('warehouse.col.salon')}</th>
                <th scope="col">{t('warehouse.col.address')}</th>
                <th scope="col">{t('warehouse.col.seller')}</th>
                <th scope="col">{t('warehouse.col.product')}</th>
                <th scope="col" className="num">
                  {t('warehouse.col.quantity')}
                </th>
                <th scope="col" className="num">
                  {t('warehouse.col.price')}
                </th>
                <th scope="col" className="num">
                  {t('warehouse.col.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {day.lines.map((l) => (
                <tr key={l.id} data-testid="warehouse-line">
                  <td>{l.salonName}</td>
                  <td>{l.salonAddress}</td>
                  <td>{l.seller || '—'}</td>
                  <td>{l.product}</td>
                  <td className="num">{l.quantity}</td>
                  <td className="num">{formatEuros(l.price, locale)}</td>
                  <td className="num">{formatEuros(l.sum, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
