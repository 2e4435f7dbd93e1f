import { formatEuros } from '../../domain/rules/money';
import type { ReportTiles as Tiles, Revenue } from '../../domain/rules/report';
import { useIntl, useT } from '../../i18n';

const PARTS = [
  ['cash', 'report.pay.cash'],
  ['card', 'report.pay.card'],
  ['gift', 'report.pay.gift'],
  ['membership', 'report.pay.membership'],
] as const;

/** A revenue's split by payment type (part 2 §2 tiles), as a definition list. */
export function RevenueParts({ revenue }: { revenue: Revenue }) {
  const t = useT();
  const { locale } = useIntl();
  return (
    <dl className="revenue-parts">
      {PARTS.map(([key, label]) => (
        <div key={key}>
          <dt>{t(label)}</dt>
          <dd>{formatEuros(revenue[key], locale)}</dd>
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

function CountTile({ id, label, count }: { id: string; label: string; count: number }) {
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

/** The summary tiles (part 2 §2): three revenues with their split, then the services and items sold. */
export function ReportTiles({ tiles }: { tiles: Tiles }) {
  const t = useT();
  return (
    <div className="tiles" data-testid="report-tiles">
      <MoneyTile id="tile-services" label={t('report.tile.services')} revenue={tiles.services} />
      <MoneyTile id="tile-products" label={t('report.tile.products')} revenue={tiles.products} />
      <MoneyTile id="tile-total" label={t('report.tile.total')} revenue={tiles.total} />
      <CountTile id="tile-services-sold" label={t('report.tile.servicesSold')} count={tiles.servicesSold} />
      <CountTile id="tile-items-sold" label={t('report.tile.itemsSold')} count={tiles.itemsSold} />
    </div>
  );
}
