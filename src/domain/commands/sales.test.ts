import { describe, expect, it } from 'vitest';
import type { Role } from '../roles';
import type { Actor } from './appointments';
import { checkArchiveSale, checkCreateSale, stockRefusal } from './sales';

const SALON = 's'.repeat(24);
const admin: Actor = { role: 'ADMIN', isOwner: false, salonId: SALON };
const owner: Actor = { ...admin, isOwner: true };
const as = (role: Role): Actor => ({ ...admin, role });
const reason = (shape: { reason?: string | null } | null) => shape?.reason ?? null;
const item = (id: string, entity: string, quantity = 1) => ({ id, entity, quantity, price: '9.90', paymentType: 'CASH' as const });
const sale = (items = [item('i1', 'p1')], salon = SALON) => ({
  id: 'inv',
  salon,
  administrator: 'u1',
  items,
  totalPrice: '9.90',
  command: null,
});

describe('stock rule', () => {
  const lines = (...l: Array<[string, number]>) => l.map(([productId, quantity]) => ({ productId, quantity }));
  it('sums each product over its lines and refuses one beyond its stock (NEGATIVE_PRODUCT_QUANTITY, no field)', () => {
    expect(stockRefusal(lines(['a', 2], ['a', 1]), new Map([['a', 3]]))).toBeNull();
    expect(stockRefusal(lines(['a', 2], ['a', 2]), new Map([['a', 3]]))).toMatchObject({
      code: 'IllegalArgument',
      reason: 'NEGATIVE_PRODUCT_QUANTITY',
      field: null,
      messageId: 'sale.quantityTooBig',
    });
  });
  it('refuses a product that is not a live one of the salon, and takes the products in id order', () => {
    expect(stockRefusal(lines(['a', 1]), new Map())).toMatchObject({ code: 'NotExists', messageId: 'product.notExists' });
    expect(reason(stockRefusal(lines(['b', 1], ['a', 5]), new Map([['a', 1]])))).toBe('NEGATIVE_PRODUCT_QUANTITY');
    expect(stockRefusal(lines(['a', 0]), new Map())).toBeNull();
  });
});

describe('createCartInvoice check', () => {
  const ok = { idTaken: false, administratorExists: true, stock: new Map([['p1', 2]]) };
  it('lets administrators of the session salon sell (MASTER_CANNOT_SELL, NOT_THE_SESSION_SALON)', () => {
    expect(checkCreateSale(sale(), as('MASTER'), ok)).toMatchObject({ code: 'Forbidden', reason: 'MASTER_CANNOT_SELL' });
    expect(checkCreateSale(sale(undefined, 'x'.repeat(24)), admin, ok)).toMatchObject({
      code: 'Forbidden',
      reason: 'NOT_THE_SESSION_SALON',
    });
    expect(checkCreateSale(sale(), as('SYSADMIN'), ok)).toBeNull();
    expect(checkCreateSale(sale(), admin, ok)).toBeNull();
  });
  it('refuses a taken id, an unknown administrator, an unknown product on its row, then short stock', () => {
    expect(reason(checkCreateSale(sale(), admin, { ...ok, idTaken: true }))).toBe('ID_ALREADY_EXISTS');
    expect(checkCreateSale(sale(), admin, { ...ok, administratorExists: false })).toMatchObject({
      field: 'administrator',
      messageId: 'sale.selectAdministrator',
    });
    expect(checkCreateSale(sale([item('i1', 'p1', 5), item('i2', 'p9')]), admin, ok)).toMatchObject({
      field: 'items.1.entity',
      messageId: 'sale.selectProduct',
    });
    expect(reason(checkCreateSale(sale([item('i1', 'p1', 2), item('i2', 'p1', 1)]), admin, ok))).toBe('NEGATIVE_PRODUCT_QUANTITY');
    expect(checkCreateSale(sale([item('i1', 'p1', 2)]), admin, ok)).toBeNull();
  });
});

describe('archiveCartInvoice check', () => {
  it('archives with the archive setting, or as owner or sysadmin, never as a master; then the sale must exist', () => {
    const off = { settings: { enableArchive: false }, exists: true };
    const on = { settings: { enableArchive: true }, exists: true };
    expect(checkArchiveSale(admin, off)).toMatchObject({ code: 'Forbidden', reason: 'ARCHIVE_PAID_NOT_ALLOWED' });
    expect(checkArchiveSale(admin, on)).toBeNull();
    expect(checkArchiveSale(owner, off)).toBeNull();
    expect(checkArchiveSale(as('SYSADMIN'), off)).toBeNull();
    expect(reason(checkArchiveSale(as('MASTER'), on))).toBe('ARCHIVE_PAID_NOT_ALLOWED');
    expect(reason(checkArchiveSale(admin, { settings: null, exists: true }))).toBe('ARCHIVE_PAID_NOT_ALLOWED');
    expect(checkArchiveSale(owner, { ...off, exists: false })).toMatchObject({ code: 'NotExists', messageId: 'sale.notExists' });
  });
});
