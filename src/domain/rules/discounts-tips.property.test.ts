import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { invoiceItemSchema, updateInvoiceSchema } from '../schemas/invoice';
import { expectedCash } from './cash-up';
import { invoiceTotal } from './invoice';
import { centsToDecimal, discountCents, lineNet, type DiscountType } from './money';
import { salonReport, type ReportInvoice } from './report';

/**
 * The money rules with line discounts (issue 59 item 5), against an oracle written apart from them: a percent off is
 * price × quantity × percent / 100 rounded half away from zero to the cent (in BigInt long division), an amount off is
 * itself; the invoice's total, the report's revenue and its discounts all add the same lines to the cent. Tips are
 * their own figure: never revenue, cash ones in the till.
 */
interface Line {
  priceCents: number;
  quantity: number;
  discountType: DiscountType | null;
  /** Basis points of a percent, cents of an amount. */
  value: number;
}

const line: fc.Arbitrary<Line> = fc
  .record({
    priceCents: fc.integer({ min: 0, max: 10_000_000 }),
    quantity: fc.integer({ min: 1, max: 40 }),
    discountType: fc.constantFrom<DiscountType | null>(null, 'PERCENT', 'AMOUNT'),
    fraction: fc.integer({ min: 0, max: 10_000 }),
  })
  .map(({ priceCents, quantity, discountType, fraction }) => ({
    priceCents,
    quantity,
    discountType,
    // A percent up to 100.00; an amount up to the line's price × quantity.
    value:
      discountType === 'PERCENT'
        ? fraction
        : discountType === 'AMOUNT'
          ? Number((BigInt(priceCents * quantity) * BigInt(fraction)) / 10_000n)
          : 0,
  }));

function oracleOff(l: Line): number {
  const gross = BigInt(l.priceCents) * BigInt(l.quantity);
  if (!l.discountType || l.value === 0) return 0;
  if (l.discountType === 'AMOUNT') return l.value;
  const product = gross * BigInt(l.value);
  const whole = product / 10_000n;
  const rest = product % 10_000n;
  return Number(rest * 2n >= 10_000n ? whole + 1n : whole);
}

const stored = (l: Line, id: string) => ({
  id,
  type: 'SERVICE' as const,
  entityId: 's1',
  sellerId: 'm1',
  sellerType: 'MASTER' as const,
  quantity: l.quantity,
  price: centsToDecimal(l.priceCents),
  paymentType: 'CASH' as const,
  discountType: l.value > 0 ? l.discountType : null,
  discount: centsToDecimal(l.value > 0 ? l.value : 0),
});

describe('line discounts, exact to the cent (issue 59 item 5)', () => {
  it('a percent off rounds half away from zero; an amount off is itself; neither goes past the line', () => {
    fc.assert(
      fc.property(line, (l) => {
        const gross = l.priceCents * l.quantity;
        const off = discountCents(gross, { discountType: l.discountType, discount: centsToDecimal(l.value) });
        expect(off).toBe(oracleOff(l));
        expect(off).toBeGreaterThanOrEqual(0);
        expect(off).toBeLessThanOrEqual(gross);
        expect(lineNet(l.priceCents, l.quantity, { discountType: l.discountType, discount: centsToDecimal(l.value) })).toBe(gross - off);
      }),
    );
  });

  it('the invoice total, the report revenue and the report discounts add the same lines', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        const items = lines.map((l, i) => stored(l, `l${i}`));
        const gross = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
        const off = lines.reduce((sum, l) => sum + oracleOff(l), 0);
        expect(invoiceTotal(items)).toBe(gross - off);
        const invoice: ReportInvoice = {
          id: 'i1',
          appointmentId: null,
          type: 'CART',
          paid: true,
          archived: false,
          createdAt: '2026-11-10T09:00:00.000Z',
          items,
        };
        const report = salonReport(
          [invoice],
          { kind: 'all', from: '2026-11-01', to: '2026-11-30', showArchive: false, showAppRecords: false },
          { appointmentOf: () => undefined, groupOfService: () => 'g1', timeZone: 'Europe/Riga' },
        );
        expect(report.tiles.total.total).toBe(gross - off);
        expect(report.tiles.total.cash).toBe(gross - off);
        expect(report.tiles.discounts).toBe(off);
        const rows = report.groups.flatMap((g) => g.rows);
        expect(rows.map((r) => r.total + r.discount)).toEqual(lines.map((l) => l.priceCents * l.quantity));
      }),
    );
  });

  it('the form and the server keep what is typed within the line, and refuse a percent above 100 or an amount above the line', () => {
    fc.assert(
      fc.property(line, fc.integer({ min: 1, max: 1_000_000 }), fc.boolean(), (l, extra, comma) => {
        const typed = (cents: number) => (comma ? centsToDecimal(cents).replace('.', ',') : centsToDecimal(cents));
        const base = {
          id: '0123456789abcdef01234567',
          type: 'SERVICE',
          entity: '0123456789abcdef01234568',
          quantity: l.quantity,
          price: typed(l.priceCents),
          paymentType: 'CASH',
          seller: '0123456789abcdef01234569',
        };
        const text = l.discountType === 'PERCENT' ? `${typed(l.value)}%` : typed(l.value);
        const kept = v.safeParse(invoiceItemSchema, { ...base, discountType: l.discountType, discount: text });
        expect(kept.success).toBe(true);
        if (kept.success) {
          expect(kept.output.discountType).toBe(l.value > 0 ? l.discountType : null);
          expect(kept.output.discount).toBe(centsToDecimal(l.value > 0 ? l.value : 0));
        }
        const gross = l.priceCents * l.quantity;
        const over = [
          { discountType: 'PERCENT', discount: `${typed(10_000 + extra)}%`, message: 'invoice.discountInvalid' },
          { discountType: 'AMOUNT', discount: typed(gross + extra), message: 'invoice.discountAboveLine' },
        ];
        for (const { message, ...discount } of over) {
          const refused = v.safeParse(invoiceItemSchema, { ...base, ...discount });
          expect(refused.success).toBe(false);
          if (!refused.success) expect(refused.issues.map((i) => [v.getDotPath(i), i.message])).toContainEqual(['discount', message]);
        }
      }),
    );
  });
});

describe('tips, never revenue (issue 59 item 5)', () => {
  const FILTER = { kind: 'all' as const, from: '2026-11-01', to: '2026-11-30', showArchive: false, showAppRecords: false };
  const READS = { appointmentOf: () => undefined, groupOfService: () => 'g1', timeZone: 'Europe/Riga' };
  const tipArb = fc.record({
    cents: fc.integer({ min: 0, max: 10_000_000 }),
    cash: fc.boolean(),
    master: fc.constantFrom('m1', 'm2'),
  });

  it('leave the revenue as it is, add up by how they were paid, and their cash is in the till', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(line, tipArb), { minLength: 1, maxLength: 6 }), (pairs) => {
        const invoices: ReportInvoice[] = pairs.map(([l, tip], n) => ({
          id: `i${n}`,
          appointmentId: null,
          type: 'CART',
          paid: true,
          archived: false,
          createdAt: '2026-11-10T09:00:00.000Z',
          items: [stored(l, `l${n}`)],
          tip: centsToDecimal(tip.cents),
          tipMasterId: tip.cents > 0 ? tip.master : null,
          tipPaymentType: tip.cents > 0 ? (tip.cash ? 'CASH' : 'CC') : null,
        }));
        const withTips = salonReport(invoices, FILTER, READS);
        const without = salonReport(
          invoices.map(({ tip: _tip, tipMasterId: _m, tipPaymentType: _p, ...rest }) => rest),
          FILTER,
          READS,
        );
        expect(withTips.tiles.total).toEqual(without.tiles.total);
        expect(withTips.groups).toEqual(without.groups);
        const cash = pairs.filter(([, t]) => t.cash).reduce((sum, [, t]) => sum + t.cents, 0);
        const all = pairs.reduce((sum, [, t]) => sum + t.cents, 0);
        const m1 = pairs.filter(([, t]) => t.master === 'm1').reduce((sum, [, t]) => sum + t.cents, 0);
        expect(withTips.tiles.tips).toMatchObject({ total: all, cash, card: all - cash });
        expect((withTips.tiles.tips.byMaster.m1 ?? 0) + (withTips.tiles.tips.byMaster.m2 ?? 0)).toBe(all);
        expect(withTips.tiles.tips.byMaster.m1 ?? 0).toBe(m1);
        expect(expectedCash(withTips)).toBe(expectedCash(without) + cash);
        // A master chosen keeps only her tips; a products report none.
        expect(salonReport(invoices, { ...FILTER, masters: ['m1'] }, READS).tiles.tips.total).toBe(m1);
        expect(salonReport(invoices, { ...FILTER, kind: 'products' }, READS).tiles.tips.total).toBe(0);
      }),
    );
  });

  it('the server and the form refuse a negative or unreadable tip, or one to nobody; none is stored as 0.00', () => {
    const base = {
      invoiceId: '0123456789abcdef01234567',
      items: [
        {
          id: '0123456789abcdef01234568',
          type: 'SERVICE',
          entity: '0123456789abcdef01234569',
          quantity: 1,
          price: '20',
          paymentType: 'CASH',
          seller: '0123456789abcdef0123456a',
        },
      ],
      paid: true,
    };
    const issues = (over: object) => {
      const result = v.safeParse(updateInvoiceSchema, { ...base, ...over });
      return result.success ? [] : result.issues.map((i) => [v.getDotPath(i), i.message]);
    };
    expect(issues({ tip: '-1', tipMaster: base.items[0]?.seller })).toEqual([['tip', 'invoice.tipInvalid']]);
    expect(issues({ tip: 'abc', tipMaster: base.items[0]?.seller })).toEqual([['tip', 'invoice.tipInvalid']]);
    expect(issues({ tip: '100000,01', tipMaster: base.items[0]?.seller })).toEqual([['tip', 'validation.price.tooLarge']]);
    expect(issues({ tip: '5' })).toEqual([['tipMaster', 'invoice.tipSelectMaster']]);
    const none = v.parse(updateInvoiceSchema, { ...base, tip: '', tipMaster: base.items[0]?.seller, tipPaymentType: 'CC' });
    expect([none.tip, none.tipMaster, none.tipPaymentType]).toEqual(['0.00', null, null]);
    const cash = v.parse(updateInvoiceSchema, { ...base, tip: '2,5', tipMaster: base.items[0]?.seller });
    expect([cash.tip, cash.tipPaymentType]).toEqual(['2.50', 'CASH']);
    const old = v.parse(updateInvoiceSchema, base);
    expect([old.tip, old.tipMaster, old.tipPaymentType]).toEqual(['0.00', null, null]);
  });
});
