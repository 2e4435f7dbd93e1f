import { LOCAL_COMMANDS } from '../../../src/db/commands';
import { choice, type Maker } from './catalog';

/**
 * Manufacturers and products (part 2 §2, §5): names race within a manufacturer, a manufacturer deleted on one device
 * meets a product written on another, and a product's count is edited while other devices sell it. An edit sends the
 * count its device saw (`quantityWas`, decision 081), as the form does, so the stock invariant can count it.
 */
const C = LOCAL_COMMANDS;
const PRODUCTS = ['Shampoo', 'Balm', 'Mask', 'Oil', 'Serum'];

export const addManufacturer: Maker = ({ rng, f }) =>
  choice(C['manufacturer.add'], { id: rng.id(), salon: f.salonId, name: `Brand ${rng.pick(['A', 'B', 'C', 'D'])}` });

export const updateManufacturer: Maker = ({ rng }, seen) =>
  seen.manufacturers.length
    ? choice(C['manufacturer.update'], {
        manufacturerId: rng.pick(seen.manufacturers).id,
        name: `Brand ${rng.pick(['A', 'B', 'C', 'D'])}`,
      })
    : null;

export const deleteManufacturer: Maker = ({ rng }, seen) =>
  seen.manufacturers.length ? choice(C['manufacturer.delete'], { manufacturerId: rng.pick(seen.manufacturers).id }) : null;

export const addProduct: Maker = ({ rng, f }, seen) => {
  if (!seen.manufacturers.length) return null;
  return choice(C['product.add'], {
    id: rng.id(),
    salon: f.salonId,
    name: rng.pick(PRODUCTS),
    manufacturer: rng.pick(seen.manufacturers).id,
    code: '',
    quantity: rng.between(0, 4),
    price: '9.90',
    supplierPrice: '',
    type: rng.pick(['SALE', 'SALE', 'INTERNAL'] as const),
  });
};

/** A rename, a price, or a count: received units (up) or a stocktake (down, perhaps below what is left now). */
export const updateProduct: Maker = ({ rng }, seen) => {
  if (!seen.products.length) return null;
  const p = rng.pick(seen.products);
  const change = rng.pick(['name', 'price', 'count'] as const);
  const quantity = change === 'count' ? Math.max(0, p.quantity + rng.pick([-2, -1, 1, 3])) : p.quantity;
  return choice(C['product.update'], {
    productId: p.id,
    name: change === 'name' ? rng.pick(PRODUCTS) : p.name,
    manufacturer: p.manufacturerId,
    code: p.code,
    quantity,
    price: change === 'price' ? `${rng.between(1, 30)}.00` : p.price,
    supplierPrice: p.supplierPrice ?? '',
    type: p.type,
    quantityWas: p.quantity,
  });
};

export const deleteProduct: Maker = ({ rng }, seen) =>
  seen.products.length ? choice(C['product.delete'], { productId: rng.pick(seen.products).id }) : null;
