import { newId } from '../../src/domain/ids';
import type { Tx } from './client';
import { manufacturers, products } from './schema';

/** Demo inventory (part 2 §2): two manufacturers and a few products for sale and for use, so Inventory is not empty. */
const DEMO = [
  [
    'Wella',
    [
      ['Oil Reflections 100 ml', 'WR-100', 12, '24.90', '14.50', 'SALE'],
      ['Fusion shampoo 250 ml', 'WF-250', 8, '18.50', '10.20', 'SALE'],
      ['Koleston Perfect 60 ml', 'WK-60', 40, '9.80', '5.10', 'INTERNAL'],
    ],
  ],
  [
    'Schwarzkopf',
    [
      ['Bonacure mask 200 ml', 'SB-200', 5, '21.00', '12.00', 'SALE'],
      ['Igora Royal 60 ml', 'SI-60', 35, '8.40', null, 'INTERNAL'],
    ],
  ],
] as const;

export async function seedInventory(tx: Tx, salonId: string, rev: number): Promise<string[]> {
  const ids: string[] = [];
  for (const [name, items] of DEMO) {
    const manufacturerId = newId();
    ids.push(manufacturerId);
    await tx.insert(manufacturers).values({ id: manufacturerId, salonId, name, rev });
    await tx.insert(products).values(
      items.map(([productName, code, quantity, price, supplierPrice, type]) => ({
        id: newId(),
        salonId,
        manufacturerId,
        name: productName,
        code,
        quantity,
        price,
        supplierPrice,
        type,
        rev,
      })),
    );
  }
  return ids;
}
