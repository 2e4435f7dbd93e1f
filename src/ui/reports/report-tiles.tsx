import { formatEuros } from '../../domain/rules/money';
import type { MembershipSales } from '../../domain/rules/membership-sales';
import type { ReportTiles as Tiles, Revenue } from '../../domain/rules/report';
import { changeOf } from '../../domain/rules/report-compare';
import { useIntl, useT } from '../../i18n';

/** The previous period's figures the tiles compare with (issue 59 item 6). */
export interface PreviousFigures {
  tiles: Tiles;
  memberships: MembershipSales;
}

const percents = new Map<string, Intl.NumberFormat>();
const percentIn = (locale: string): Intl.NumberFormat => {
  let format = percents.get(locale);
  if (!format)
    percents.set(
      locale,
      (format = new Intl.NumberFormat(locale, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 })),
    );
  return format;
};

/**
 * A tile's line comparing with the previous period of equal length: the change in percent (none from nothing), up
 * in green and down in red, then the previous figure as it is shown.
 */
function Compared({ current, previous, shown }: { current: number; previous: number; shown: string }) {
  const t = useT();
  const { locale } = useIntl();
  const change = changeOf(current, previous);
  const direction = change === null || change === 0 ? '' : change > 0 ? ' change-up' : ' change-down';
  return (
    <p className="tile-compare" data-testid="tile-compare">
      {change !== null ? <span className={`change${direction}`}>{percentIn(locale).format(change)}</span> : null}
      <span>{t('report.compare.previous', { amount: shown })}</span>
    </p>
  );
}

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

function MoneyTile({ id, label, revenue, previous }: { id: string; label: string; revenue: Revenue; previous?: Revenue }) {
  const { locale } = useIntl();
  return (
    <section className="tile" aria-labelledby={id}>
      <h2 id={id}>{label}</h2>
      <p className="tile-value" data-testid="tile-value">
        {formatEuros(revenue.total, locale)}
      </p>
      {previous ? <Compared current={revenue.total} previous={previous.total} shown={formatEuros(previous.total, locale)} /> : null}
      <RevenueParts revenue={revenue} />
    </section>
  );
}

export function CountTile({ id, label, count, previous }: { id: string; label: string; count: number; previous?: number }) {
  const { locale } = useIntl();
  return (
    <section className="tile" aria-labelledby={id}>
      <h2 id={id}>{label}</h2>
      <p className="tile-value" data-testid="tile-value">
        {new Intl.NumberFormat(locale).format(count)}
      </p>
      {previous !== undefined ? (
        <Compared current={count} previous={previous} shown={new Intl.NumberFormat(locale).format(previous)} />
      ) : null}
    </section>
  );
}

/** What the lines' discounts took off (issue 59 item 5): the revenues above are after them. Shown when any. */
function DiscountsTile({ discounts, previous }: { discounts: number; previous?: number }) {
  const t = useT();
  const { locale } = useIntl();
  return (
    <section className="tile" aria-labelledby="tile-discounts" aria-describedby="tile-discounts-note">
      <h2 id="tile-discounts">{t('report.tile.discounts')}</h2>
      <p className="tile-value" data-testid="tile-value">
        {formatEuros(discounts, locale)}
      </p>
      {previous !== undefined ? <Compared current={discounts} previous={previous} shown={formatEuros(previous, locale)} /> : null}
      <p className="muted" id="tile-discounts-note">
        {t('report.discounts.note')}
      </p>
    </section>
  );
}

/** Tips (issue 59 item 5): their own figure, never revenue; cash ones are in the till. Shown when any. */
function TipsTile({ tips }: { tips: Tiles['tips'] }) {
  const t = useT();
  const { locale } = useIntl();
  return (
    <section className="tile" aria-labelledby="tile-tips" aria-describedby="tile-tips-note">
      <h2 id="tile-tips">{t('report.tile.tips')}</h2>
      <p className="tile-value" data-testid="tile-value">
        {formatEuros(tips.total, locale)}
      </p>
      <dl className="revenue-parts">
        <div>
          <dt>{t('report.pay.cash')}</dt>
          <dd>{formatEuros(tips.cash, locale)}</dd>
        </div>
        <div>
          <dt>{t('report.pay.card')}</dt>
          <dd>{formatEuros(tips.card, locale)}</dd>
        </div>
      </dl>
      <p className="muted" id="tile-tips-note">
        {t('report.tips.note')}
      </p>
    </section>
  );
}

/**
 * Memberships sold (decision 071): the money taken for them, split by how it was paid, and how many. Kept beside
 * Total revenue, not in it: each use paid by membership is counted there at its price per use.
 */
function MembershipsTile({ sales, previous }: { sales: MembershipSales; previous?: MembershipSales }) {
  const t = useT();
  const { locale } = useIntl();
  return (
    <section className="tile" aria-labelledby="tile-memberships" aria-describedby="tile-memberships-note">
      <h2 id="tile-memberships">{t('report.tile.memberships')}</h2>
      <p className="tile-value" data-testid="tile-value">
        {formatEuros(sales.total, locale)}
      </p>
      {previous ? <Compared current={sales.total} previous={previous.total} shown={formatEuros(previous.total, locale)} /> : null}
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
 * then the services and items sold; each beside the previous period's figure once it is read (issue 59 item 6).
 */
export function ReportTiles({ tiles, memberships, previous }: { tiles: Tiles; memberships?: MembershipSales; previous?: PreviousFigures }) {
  const t = useT();
  const before = previous?.tiles;
  return (
    <div className="tiles" data-testid="report-tiles">
      <MoneyTile id="tile-services" label={t('report.tile.services')} revenue={tiles.services} previous={before?.services} />
      <MoneyTile id="tile-products" label={t('report.tile.products')} revenue={tiles.products} previous={before?.products} />
      <MoneyTile id="tile-total" label={t('report.tile.total')} revenue={tiles.total} previous={before?.total} />
      {memberships ? <MembershipsTile sales={memberships} previous={previous?.memberships} /> : null}
      {tiles.discounts > 0 ? <DiscountsTile discounts={tiles.discounts} previous={before?.discounts} /> : null}
      {tiles.tips.total > 0 ? <TipsTile tips={tiles.tips} /> : null}
      <CountTile id="tile-services-sold" label={t('report.tile.servicesSold')} count={tiles.servicesSold} previous={before?.servicesSold} />
      <CountTile id="tile-items-sold" label={t('report.tile.itemsSold')} count={tiles.itemsSold} previous={before?.itemsSold} />
    </div>
  );
}
