import { describe, expect, it } from 'vitest';
import type { Actor } from './appointments';
import {
  checkAddManufacturer,
  checkAddProduct,
  checkDeleteManufacturer,
  checkDeleteProduct,
  checkUpdateManufacturer,
  checkUpdateProduct,
} from './inventory';

const SALON = 's'.repeat(24);
const admin: Actor = { role: 'ADMIN', isOwner: false, salonId: SALON };
const master: Actor = { ...admin, role: 'MASTER' };
const reason = (shape: { reason?: string | null } | null) => shape?.reason ?? null;

describe('manufacturer checks', () => {
  const acme = { id: 'm0', name: 'Acme ' };
  it('adds for a writer of the session salon, with a new id and a name free in the salon (case and spaces ignored)', () => {
    const add = { id: 'm1', salon: SALON, name: 'Other', command: null };
    expect(checkAddManufacturer(add, admin, { idTaken: false, manufacturers: [acme] })).toBeNull();
    expect(reason(checkAddManufacturer(add, master, { idTaken: false, manufacturers: [] }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
    expect(reason(checkAddManufacturer({ ...add, salon: 'x'.repeat(24) }, admin, { idTaken: false, manufacturers: [] }))).toBe(
      'NOT_THE_SESSION_SALON',
    );
    expect(reason(checkAddManufacturer({ ...add, name: 'acme' }, admin, { idTaken: true, manufacturers: [acme] }))).toBe(
      'ID_ALREADY_EXISTS',
    );
    expect(checkAddManufacturer({ ...add, name: 'ACME' }, admin, { idTaken: false, manufacturers: [acme] })).toMatchObject({
      reason: 'NAME_ALREADY_EXISTS',
      field: 'name',
      messageId: 'manufacturer.nameExists',
    });
  });
  it('updates an existing one, its own name not counting', () => {
    const update = { manufacturerId: 'm0', name: 'acme', command: null };
    expect(checkUpdateManufacturer(update, admin, { exists: true, manufacturers: [acme] })).toBeNull();
    expect(reason(checkUpdateManufacturer({ ...update, manufacturerId: 'm1' }, admin, { exists: true, manufacturers: [acme] }))).toBe(
      'NAME_ALREADY_EXISTS',
    );
    expect(checkUpdateManufacturer(update, admin, { exists: false, manufacturers: [] })?.messageId).toBe('manufacturer.notExists');
    expect(reason(checkUpdateManufacturer(update, master, { exists: true, manufacturers: [] }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
  });
  it('deletes an existing one, for a writer', () => {
    expect(checkDeleteManufacturer(admin, { exists: true })).toBeNull();
    expect(checkDeleteManufacturer(admin, { exists: false })?.messageId).toBe('manufacturer.notExists');
    expect(reason(checkDeleteManufacturer(master, { exists: true }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
  });
});

describe('product checks', () => {
  const fields = { name: 'Shampoo', manufacturer: 'm1', code: '', quantity: 1, price: '9.90', supplierPrice: null, type: 'SALE' as const };
  const add = { id: 'p1', salon: SALON, ...fields, command: null };
  const update = { productId: 'p0', ...fields, quantityWas: null, command: null };
  const shampoo = { id: 'p0', manufacturerId: 'm1', name: ' shampoo' };
  const ok = { idTaken: false, manufacturer: 'live' as const, products: [] };
  it('adds for a writer of the session salon, with a new id, a live manufacturer and a name free for that manufacturer', () => {
    expect(checkAddProduct(add, admin, ok)).toBeNull();
    expect(checkAddProduct(add, admin, { ...ok, products: [{ ...shampoo, manufacturerId: 'm2' }] })).toBeNull();
    expect(reason(checkAddProduct(add, master, ok))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
    expect(reason(checkAddProduct({ ...add, salon: 'x'.repeat(24) }, admin, ok))).toBe('NOT_THE_SESSION_SALON');
    expect(reason(checkAddProduct(add, admin, { ...ok, idTaken: true, manufacturer: null }))).toBe('ID_ALREADY_EXISTS');
    expect(checkAddProduct(add, admin, { ...ok, manufacturer: null })).toMatchObject({
      field: 'manufacturer',
      messageId: 'product.enterManufacturer',
    });
    expect(checkAddProduct(add, admin, { ...ok, manufacturer: 'deleted' })?.field).toBe('manufacturer');
    expect(checkAddProduct(add, admin, { ...ok, products: [shampoo] })).toMatchObject({
      reason: 'NAME_ALREADY_EXISTS',
      field: 'name',
      messageId: 'product.nameExists',
    });
  });
  it('updates an existing product, keeping its deleted manufacturer but not choosing another deleted one', () => {
    const current = { id: 'p0', manufacturerId: 'm1', quantity: 3 };
    const reads = { current, manufacturer: 'live' as const, products: [shampoo] };
    expect(checkUpdateProduct(update, admin, reads)).toBeNull();
    expect(checkUpdateProduct(update, admin, { ...reads, manufacturer: 'deleted' })).toBeNull();
    expect(
      checkUpdateProduct(update, admin, { ...reads, current: { ...current, manufacturerId: 'm2' }, manufacturer: 'deleted' })?.field,
    ).toBe('manufacturer');
    expect(checkUpdateProduct(update, admin, { ...reads, manufacturer: null })?.field).toBe('manufacturer');
    expect(checkUpdateProduct(update, admin, { ...reads, current: null })?.messageId).toBe('product.notExists');
    expect(
      reason(
        checkUpdateProduct({ ...update, productId: 'p2' }, admin, { ...reads, current: { id: 'p2', manufacturerId: 'm1', quantity: 3 } }),
      ),
    ).toBe('NAME_ALREADY_EXISTS');
    expect(reason(checkUpdateProduct(update, master, reads))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
  });
  it('refuses an adjustment that would leave the stock below zero, on the quantity field (decision 081)', () => {
    const reads = { current: { id: 'p0', manufacturerId: 'm1', quantity: 1 }, manufacturer: 'live' as const, products: [] };
    // The form showed 3 and the user typed 1 (took 2 away); one unit is left now, two were sold meanwhile.
    expect(checkUpdateProduct({ ...update, quantity: 1, quantityWas: 3 }, admin, reads)).toMatchObject({
      reason: 'STOCK_BELOW_ZERO',
      field: 'quantity',
      messageId: 'product.stockBelowZero',
    });
    expect(checkUpdateProduct({ ...update, quantity: 2, quantityWas: 3 }, admin, reads)).toBeNull();
    // Without the count shown, the quantity is set as typed (the spec's API).
    expect(checkUpdateProduct({ ...update, quantity: 0, quantityWas: null }, admin, reads)).toBeNull();
  });
  it('deletes an existing product, for a writer', () => {
    expect(checkDeleteProduct(admin, { exists: true })).toBeNull();
    expect(checkDeleteProduct(admin, { exists: false })?.messageId).toBe('product.notExists');
    expect(reason(checkDeleteProduct(master, { exists: true }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
  });
});
