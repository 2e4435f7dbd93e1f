import type { ServerErrorShape } from '../errors';
import { sameManufacturerName } from '../schemas/manufacturer';
import { sameProductName } from '../schemas/product';
import { stockAfterEdit } from '../rules/inventory';
import type { Actor } from './appointments';
import type { CommandValues } from './inputs';
import { checkRemoval, othersThan, setupWriter, when, type Other } from './setup';

/**
 * The rules of the manufacturer and product commands (part 2 §2, §5, §8) as pure checks, run by the local
 * commands against the mirror (src/db/commands/manufacturers.ts, inventory.ts) and by the server inside its
 * transaction (server/modules/manufacturers, products). Each returns the first refusal, in the server's
 * order, or null. Ids are global on the server (any salon's, deleted ones too); the mirror knows only this
 * salon's live rows, so `idTaken` is the best it can tell.
 */
type ManufacturerName = Other & { name: string };

/** No other manufacturer of the salon has the name (case and outer spaces ignored). */
const manufacturerNameTaken = (name: string, others: readonly ManufacturerName[]) =>
  when(
    others.some((m) => sameManufacturerName(m.name, name)),
    'manufacturerNameTaken',
  );

/** addManufacturer: the writer and the session's salon, a new id, the name. */
export function checkAddManufacturer(
  input: CommandValues<'manufacturer.add'>,
  actor: Actor,
  reads: { idTaken: boolean; manufacturers: readonly ManufacturerName[] },
): ServerErrorShape | null {
  return setupWriter(actor, input.salon) ?? when(reads.idTaken, 'idTaken') ?? manufacturerNameTaken(input.name, reads.manufacturers);
}

/** updateManufacturer: the writer, it exists, the name. */
export function checkUpdateManufacturer(
  input: CommandValues<'manufacturer.update'>,
  actor: Actor,
  reads: { exists: boolean; manufacturers: readonly ManufacturerName[] },
): ServerErrorShape | null {
  return (
    setupWriter(actor) ??
    when(!reads.exists, 'manufacturerNotExists') ??
    manufacturerNameTaken(input.name, othersThan(reads.manufacturers, input.manufacturerId))
  );
}

/** deleteManufacturer: the writer, it exists. */
export const checkDeleteManufacturer = (actor: Actor, reads: { exists: boolean }): ServerErrorShape | null =>
  checkRemoval(actor, reads.exists, 'manufacturerNotExists');

/**
 * The chosen manufacturer as a read finds it among the salon's rows: live, deleted, or none. The mirror holds
 * no deleted rows: a product's current manufacturer missing there is taken as deleted (it was live once).
 */
export type ManufacturerState = 'live' | 'deleted' | null;

export interface ProductReads {
  manufacturer: ManufacturerState;
  /** Live products of the salon (at least those of the chosen manufacturer; the product itself may be among them). */
  products: readonly (Other & { manufacturerId: string | null; name: string })[];
}

/**
 * A live manufacturer of the salon, or the product's current one even if deleted since (the edit form keeps it
 * as its value, part 2 §5); then no other product of that manufacturer has the name (docs/decisions/025).
 */
function checkFields(
  input: CommandValues<'product.add' | 'product.update'>,
  reads: ProductReads,
  current: { id: string; manufacturerId: string | null } | null,
) {
  const kept = current?.manufacturerId === input.manufacturer;
  return (
    when(reads.manufacturer === null || (reads.manufacturer === 'deleted' && !kept), 'productUnknownManufacturer') ??
    when(
      othersThan(reads.products, current?.id ?? null).some(
        (p) => p.manufacturerId === input.manufacturer && sameProductName(p.name, input.name),
      ),
      'productNameTaken',
    )
  );
}

/** addProduct: the writer and the session's salon, a new id, the manufacturer, the name. */
export function checkAddProduct(
  input: CommandValues<'product.add'>,
  actor: Actor,
  reads: ProductReads & { idTaken: boolean },
): ServerErrorShape | null {
  return setupWriter(actor, input.salon) ?? when(reads.idTaken, 'idTaken') ?? checkFields(input, reads, null);
}

/**
 * updateProduct: the writer, the product exists (its current manufacturer and stock given), the manufacturer, the
 * name, and the stock an adjustment leaves not below zero (decision 081).
 */
export function checkUpdateProduct(
  input: CommandValues<'product.update'>,
  actor: Actor,
  reads: ProductReads & { current: { id: string; manufacturerId: string | null; quantity: number } | null },
): ServerErrorShape | null {
  const { current } = reads;
  return (
    setupWriter(actor) ??
    when(!current, 'productNotExists') ??
    checkFields(input, reads, current) ??
    when(current !== null && stockAfterEdit(current.quantity, input) < 0, 'productStockBelowZero')
  );
}

/** deleteProduct: the writer, the product exists. */
export const checkDeleteProduct = (actor: Actor, reads: { exists: boolean }): ServerErrorShape | null =>
  checkRemoval(actor, reads.exists, 'productNotExists');
