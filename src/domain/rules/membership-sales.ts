import type { MembershipPaymentType, MembershipRow } from '../entities';
import { decimalToCents, type Cents } from './money';
import { salonDate } from './time';

/**
 * Memberships sold over a range of salon days, for the Report (decision 071): a membership is money taken like a
 * sale, on the salon day it was sold, in the payment type it was paid with. It is kept out of Total revenue, which
 * already counts each use paid by membership at its price per use (part 2 §2 tiles): counting the sale there too
 * would count the same money twice. A membership sold before the payment type was recorded has none and is left
 * out, as the report left it out before. One function for the mirror and the server's getReport.
 */
export type MembershipSaleSource = Pick<
  MembershipRow,
  'id' | 'clientId' | 'serviceId' | 'authorId' | 'serialNumber' | 'quantity' | 'price' | 'paymentType' | 'createdAt'
>;

export interface MembershipSaleRow {
  membershipId: string;
  /** The salon day it was sold, YYYY-MM-DD. */
  date: string;
  clientId: string;
  serviceId: string;
  /** The user who sold it. */
  sellerId: string | null;
  serialNumber: number;
  /** Uses bought. */
  quantity: number;
  price: Cents;
  paymentType: MembershipPaymentType;
}

export interface MembershipSales {
  count: number;
  total: Cents;
  cash: Cents;
  card: Cents;
  gift: Cents;
  rows: MembershipSaleRow[];
}

const PART: Record<MembershipPaymentType, 'cash' | 'card' | 'gift'> = { CASH: 'cash', CC: 'card', GIFT: 'gift' };

/** The report kinds memberships show in: a membership is prepaid services, so not in the products report. */
export const showsMembershipSales = (kind: string): boolean => kind !== 'products';

/** The memberships sold from `from` to `to` (salon days, both included), by day, then as they were sold. */
export function membershipSales(
  memberships: readonly MembershipSaleSource[],
  range: { kind: string; from: string; to: string },
  timeZone: string,
): MembershipSales {
  const sales: MembershipSales = { count: 0, total: 0, cash: 0, card: 0, gift: 0, rows: [] };
  if (!showsMembershipSales(range.kind)) return sales;
  const sorted: Array<MembershipSaleRow & { at: string }> = [];
  for (const m of memberships) {
    if (!m.paymentType) continue;
    const date = salonDate(new Date(m.createdAt), timeZone);
    if (date < range.from || date > range.to) continue;
    sorted.push({
      membershipId: m.id,
      date,
      clientId: m.clientId,
      serviceId: m.serviceId,
      sellerId: m.authorId,
      serialNumber: m.serialNumber,
      quantity: m.quantity,
      price: decimalToCents(m.price),
      paymentType: m.paymentType,
      at: `${m.createdAt} ${m.id}`,
    });
  }
  sorted.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  for (const { at: _at, ...row } of sorted) {
    sales.rows.push(row);
    sales.count += 1;
    sales.total += row.price;
    sales[PART[row.paymentType]] += row.price;
  }
  return sales;
}
