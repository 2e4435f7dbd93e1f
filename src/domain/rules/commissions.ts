import { decimalMarkOf, divideRounded, sumCents, type Cents } from './money';
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

/** The commissions a command sets: each one it carries (null clears it); one left out stays as it is. */
export const commissionsOf = (input: { serviceCommission?: string | null; productCommission?: string | null }) => ({
  ...(input.serviceCommission !== undefined ? { serviceCommission: input.serviceCommission } : {}),
  ...(input.productCommission !== undefined ? { productCommission: input.productCommission } : {}),
});

/** A line's commission: its total times the percentage, rounded to the cent. */
export const commissionOf = (total: Cents, basis: Basis): Cents => divideRounded(total * basis, MAX_COMMISSION);

export interface CommissionRates {
  id: string;
  /** Stored decimals, null when not set (then no commission of that kind). */
  serviceCommission?: string | null;
  productCommission?: string | null;
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
  /** What commission is counted on: the sales of the kinds that have a rate. */
  base: Cents;
  commission: Cents;
}

export interface CommissionReport {
  rows: CommissionRow[];
  totals: Pick<CommissionRow, 'services' | 'products' | 'sales' | 'base' | 'commission'>;
}

/**
 * The commission report from the sales report's groups by seller (`salonReport` of kind 'all', so its filters, days
 * and archive rules are the Report's): one row per master who sold in the range, in the groups' order; each line's
 * commission at her rate for its kind.
 */
export function commissionReport(groups: readonly ReportGroup[], rates: readonly CommissionRates[]): CommissionReport {
  const rateOf = new Map(rates.map((r) => [r.id, r]));
  const rows: CommissionRow[] = [];
  for (const group of groups) {
    if (group.kind !== 'MASTER' || group.id === null) continue;
    const rate = rateOf.get(group.id);
    const serviceRate = decimalToBasis(rate?.serviceCommission) ?? 0;
    const productRate = decimalToBasis(rate?.productCommission) ?? 0;
    let services = 0;
    let products = 0;
    let base = 0;
    let commission = 0;
    for (const row of group.rows) {
      const basis = row.type === 'SERVICE' ? serviceRate : productRate;
      if (row.type === 'SERVICE') services += row.total;
      else products += row.total;
      if (basis > 0) {
        base += row.total;
        commission += commissionOf(row.total, basis);
      }
    }
    rows.push({ masterId: group.id, services, products, sales: services + products, serviceRate, productRate, base, commission });
  }
  const total = (key: keyof CommissionReport['totals']) => sumCents(rows.map((r) => r[key]));
  return {
    rows,
    totals: {
      services: total('services'),
      products: total('products'),
      sales: total('sales'),
      base: total('base'),
      commission: total('commission'),
    },
  };
}
