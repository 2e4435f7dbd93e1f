import { decimalMarkOf, divideRounded, sumCents, type Cents } from './money';
import type { GroupCommission } from '../entities';
import type { ReportGroup } from './report';

/**
 * Masters' commissions (issue 59 item 4): each master earns a percentage of the services and one of the products
 * she sold, set in Staff. A percentage is kept in hundredths of a percent ('12.5' % is 1 250), at most 100 %,
 * two decimals; the commission of each line is rounded half away from zero to the cent (as PostgreSQL's round),
 * then summed, so a master's commission is the sum of her lines'.
 */
export type Basis = number;

export const MAX_COMMISSION: Basis = 10_000;

const TYPED = /^(\d{1,3})(?:[.,](\d{0,2}))?$/;

/** A percentage as people type it ('10', '12,5', '7.25 %') → hundredths of a percent, or null when it is none or above 100. */
export function parsePercent(input: string): Basis | null {
  const m = TYPED.exec(input.replace(/[\s\u00a0%]/g, ''));
  if (!m) return null;
  const basis = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return basis <= MAX_COMMISSION ? basis : null;
}

/** Hundredths of a percent → the stored decimal ('12.50'); null stays null (no commission set). */
export const basisToDecimal = (basis: Basis | null): string | null =>
  basis === null ? null : `${Math.floor(basis / 100)}.${String(basis % 100).padStart(2, '0')}`;

/** A stored percentage ('12.50', '10') → hundredths of a percent; null or '' is no commission. */
export const decimalToBasis = (value: string | null | undefined): Basis | null => (value ? parsePercent(value) : null);

/** A stored percentage as people of the locale type it, for a form's prefill: '12.50' → '12,5' in lv, '10.00' → '10'. */
export function typedPercent(decimal: string | null | undefined, locale: string): string {
  if (!decimal) return '';
  const short = decimal.replace(/\.?0+$/, '');
  return decimalMarkOf(locale) === ',' ? short.replace('.', ',') : short;
}

export type { GroupCommission };

/** The commissions a command sets: each one it carries (null clears it); one left out stays as it is. */
export const commissionsOf = (input: {
  serviceCommission?: string | null;
  productCommission?: string | null;
  groupCommissions?: GroupCommission[];
}) => ({
  ...(input.serviceCommission !== undefined ? { serviceCommission: input.serviceCommission } : {}),
  ...(input.productCommission !== undefined ? { productCommission: input.productCommission } : {}),
  ...(input.groupCommissions !== undefined ? { groupCommissions: input.groupCommissions } : {}),
});

/** A line's commission: its total times the percentage, rounded to the cent. */
export const commissionOf = (total: Cents, basis: Basis): Cents => divideRounded(total * basis, MAX_COMMISSION);

export interface CommissionRates {
  id: string;
  /** Stored decimals, null when not set (then no commission of that kind). */
  serviceCommission?: string | null;
  productCommission?: string | null;
  /** Her rates for some service groups, in place of serviceCommission for their services. */
  groupCommissions?: readonly GroupCommission[] | null;
}

export interface CommissionRow {
  masterId: string;
  /** What the master sold in the range: services, products, and both. */
  services: Cents;
  products: Cents;
  sales: Cents;
  /** The rates, hundredths of a percent (0 when not set). */
  serviceRate: Basis;
  productRate: Basis;
  /** Her service groups' own rates, in the order they were set. */
  groupRates: Array<{ groupId: string; rate: Basis }>;
  /** What commission is counted on: the sales of the kinds that have a rate. */
  base: Cents;
  commission: Cents;
  /** Tips to her in the range (never revenue, no commission on them). */
  tips: Cents;
  /** What the range owes her: commission and tips. */
  pay: Cents;
}

export interface CommissionReport {
  rows: CommissionRow[];
  totals: Pick<CommissionRow, 'services' | 'products' | 'sales' | 'base' | 'commission' | 'tips' | 'pay'>;
}

/** A master's rates per group as hundredths of a percent; unreadable ones are left out. */
const groupRatesOf = (rate: CommissionRates | undefined) =>
  (rate?.groupCommissions ?? []).flatMap((g) => {
    const basis = decimalToBasis(g.rate);
    return basis === null ? [] : [{ groupId: g.groupId, rate: basis }];
  });

/**
 * The commission report from the sales report's groups by seller (`salonReport` of kind 'all', so its filters, days
 * and archive rules are the Report's) and its tips by master: one row per master who sold or was tipped in the
 * range, in the groups' order, then the tipped ones who sold nothing; each line's commission at her rate for it: her
 * rate for the service's group when she has one (`groupOfService` gives a service's group), else for its kind.
 */
export function commissionReport(
  groups: readonly ReportGroup[],
  rates: readonly CommissionRates[],
  tipsByMaster: Readonly<Record<string, Cents>> = {},
  groupOfService: ReadonlyMap<string, string> = new Map(),
): CommissionReport {
  const rateOf = new Map(rates.map((r) => [r.id, r]));
  const rows: CommissionRow[] = [];
  const row = (masterId: string, lines: ReportGroup['rows']): CommissionRow => {
    const rate = rateOf.get(masterId);
    const serviceRate = decimalToBasis(rate?.serviceCommission) ?? 0;
    const productRate = decimalToBasis(rate?.productCommission) ?? 0;
    const groupRates = groupRatesOf(rate);
    const byGroup = new Map(groupRates.map((g) => [g.groupId, g.rate]));
    let services = 0;
    let products = 0;
    let base = 0;
    let commission = 0;
    for (const line of lines) {
      const group = line.type === 'SERVICE' ? groupOfService.get(line.entityId) : undefined;
      const basis = line.type === 'SERVICE' ? ((group !== undefined ? byGroup.get(group) : undefined) ?? serviceRate) : productRate;
      if (line.type === 'SERVICE') services += line.total;
      else products += line.total;
      if (basis > 0) {
        base += line.total;
        commission += commissionOf(line.total, basis);
      }
    }
    const tips = tipsByMaster[masterId] ?? 0;
    return {
      masterId,
      services,
      products,
      sales: services + products,
      serviceRate,
      productRate,
      groupRates,
      base,
      commission,
      tips,
      pay: commission + tips,
    };
  };
  for (const group of groups) if (group.kind === 'MASTER' && group.id !== null) rows.push(row(group.id, group.rows));
  const listed = new Set(rows.map((r) => r.masterId));
  for (const [masterId, cents] of Object.entries(tipsByMaster)) if (cents > 0 && !listed.has(masterId)) rows.push(row(masterId, []));
  const total = (key: keyof CommissionReport['totals']) => sumCents(rows.map((r) => r[key]));
  return {
    rows,
    totals: {
      services: total('services'),
      products: total('products'),
      sales: total('sales'),
      base: total('base'),
      commission: total('commission'),
      tips: total('tips'),
      pay: total('pay'),
    },
  };
}
