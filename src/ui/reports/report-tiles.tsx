import { formatEuros } from '../../domain/rules/money';
import type { MembershipSales } from '../../domain/rules/membership-sales';
import type { ReportTiles as Tiles, Revenue } from '../../domain/rules/report';
import { useIntl, useT } from '../../i18n';

const PARTS = [
  ['cash', 'report.pay.cash'],
  ['card', 'report.pay.card'],
  ['gift', 'report.pay.gift'],
  ['membership', 'report.pay.membership'],
] as const;

/** A revenue's split by payment type (part 2 §2 tiles), as a definition list; memberships are never paid by membership. */
export function RevenueParts({ revenue }: { revenue: Pick<Revenue, 'cash' | 'card' | 'gift'> & { membership?: number } }) {
  const t = useT();
  const { locale } = useIntl();
  const parts = revenue.membership === undefined ? PARTS.filter(([key]) => key !== 'membership') : PARTS;
  return (
    <dl className="revenue-parts">
      {parts.map(([key, label]) => (
        <div key={key}>
          <dt>{t(label)}</dt>
          <dd>{formatEuros(revenue[key] ?? 0, locale)}</dd>
        </div>
      ))}
    </dl>
  );
}

function MoneyTile({ id, label, revenue }: { id: string; label: string; revenue: Revenue }) {
  const { locale } = useIntl();
  return (
    <section className="tile" aria-labelledby={id}>
      <h2 id={id}>{label}</h2>
      <p className="tile-value" data-testid="tile-value">
        {formatEuros(revenue.total, locale)}
      </p>
      <RevenueParts revenue={revenue} />
    </section>
  );
}

export function CountTile({ id, label, count }: { id: string; label: string; count: number }) {
  const { locale } = useIntl();
  return (
    <section className="tile" aria-labelledby={id}>
      <h2 id={id}>{label}</h2>
      <p className="tile-value" data-testid="tile-value">
        {new Intl.NumberFormat(locale).format(count)}
      </p>
    </section>
  );
}

/**
 * Memberships sold (decision 071): the money taken for them, split by how it was paid, and how many. Kept beside
 * Total revenue, not in it: each use paid by membership is counted there at its price per use.
 */
function MembershipsTile({ sales }: { sales: MembershipSales }) {
  const t = useT();
  const { locale } = useIntl();
  return (
    <section className="tile" aria-labelledby="tile-memberships" aria-describedby="tile-memberships-note">
      <h2 id="tile-memberships">{t('report.tile.memberships')}</h2>
      <p className="tile-value" data-testid="tile-value">
        {formatEuros(sales.total, locale)}
      </p>
      <p className="muted">{t('report.memberships.count', { count: sales.count })}</p>
      <RevenueParts revenue={sales} />
      <p className="muted" id="tile-memberships-note">
        {t('report.memberships.note')}
      </p>
    </section>
  );
}

/**
 * The summary tiles (part 2 §2): three revenues with their split, the memberships sold (not in the products report),
 * then the services and items sold.
 */
export function ReportTiles({ tiles, memberships }: { tiles: Tiles; memberships?: MembershipSales }) {
  const t = useT();
  return (
    <div className="tiles" data-testid="report-tiles">
      <MoneyTile id="tile-services" label={t('report.tile.services')} revenue={tiles.services} />
      <MoneyTile id="tile-products" label={t('report.tile.products')} revenue={tiles.products} />
      <MoneyTile id="tile-total" label={t('report.tile.total')} revenue={tiles.total} />
      {memberships ? <MembershipsTile sales={memberships} /> : null}
      <CountTile id="tile-services-sold" label={t('report.tile.servicesSold')} count={tiles.servicesSold} />
      <CountTile id="tile-items-sold" label={t('report.tile.itemsSold')} count={tiles.itemsSold} />
    </div>
  );
}
