import { centsToDecimal, decimalToCents, lineTotal, type Cents } from './money';

/**
 * The supplier's Warehouse report (part 2 §2, §3 Supplier report): product sales grouped by the salon day they were
 * bought, newest first, each day with its quantity and sum; the totals are the days' sums and the cash part is
 * what was paid in CASH. Amounts are cents while counting and decimals ('12.50') in the answer.
 */
export interface WarehouseSale {
  id: string;
  /** Salon day of the purchase, YYYY-MM-DD. */
  date: string;
  /** Salon wall time of the purchase, YYYY-MM-DD HH:mm. */
  boughtAt: string;
  salon: string;
  salonName: string;
  salonAddress: string;
  seller: string;
  product: string;
  productCode: string;
  manufacturer: string;
  quantity: number;
  /** Unit price as stored, '12.50'. */
  price: string;
  paymentType: string;
}

export interface WarehouseDay {
  date: string;
  quantity: number;
  sum: string;
  lines: (WarehouseSale & { sum: string })[];
}

export interface WarehouseReport {
  totalCount: number;
  totalQuantity: number;
  revenue: { cash: string; total: string };
  days: WarehouseDay[];
}

export function warehouseReport(sales: readonly WarehouseSale[]): WarehouseReport {
  const byDay = new Map<string, { quantity: number; sum: Cents; lines: (WarehouseSale & { sum: string })[] }>();
  let total = 0 as Cents;
  let cash = 0 as Cents;
  let quantity = 0;
  const ordered = [...sales].sort((a, b) => (a.boughtAt === b.boughtAt ? a.id.localeCompare(b.id) : a.boughtAt < b.boughtAt ? 1 : -1));
  for (const sale of ordered) {
    const sum = lineTotal(decimalToCents(sale.price), sale.quantity);
    const day = byDay.get(sale.date) ?? { quantity: 0, sum: 0 as Cents, lines: [] };
    day.quantity += sale.quantity;
    day.sum = (day.sum + sum) as Cents;
    day.lines.push({ ...sale, sum: centsToDecimal(sum) });
    byDay.set(sale.date, day);
    total = (total + sum) as Cents;
    if (sale.paymentType === 'CASH') cash = (cash + sum) as Cents;
    quantity += sale.quantity;
  }
  return {
    totalCount: sales.length,
    totalQuantity: quantity,
    revenue: { cash: centsToDecimal(cash), total: centsToDecimal(total) },
    days: [...byDay.entries()].map(([date, d]) => ({ date, quantity: d.quantity, sum: centsToDecimal(d.sum), lines: d.lines })),
  };
}
