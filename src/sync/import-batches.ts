import { CommandRefusal } from '../domain/command-refusal';
import type { ClientRow } from '../domain/entities';
import type { CreateClientInput } from '../domain/schemas/client';
import { newId } from '../domain/ids';
import type { ImportKind } from '../domain/rules/import-columns';
import { mergedClient, nameKey, type ClientFieldKey, type MergeMode } from '../domain/rules/import-merge';
import type { ClientImportValue, ImportValues, ProductImportValue, ServiceImportValue } from '../domain/rules/import-rows';
import { SERVICE_PALETTE } from '../domain/rules/salon-defaults';
import type { SalonDb } from '../db/salon-db';
import { createClients, updateClient } from '../db/commands/clients';
import { addManufacturer } from '../db/commands/manufacturers';
import { addProduct } from '../db/commands/inventory';
import type { CommandContext } from '../db/commands/registry';
import { runCommandBatch, type CommandBatch } from '../db/commands/run-batch';
import { createService, createServiceGroup } from '../db/commands/services';

/**
 * An import's rows become the forms' own commands (issue 58 item 2, decision 089): client.create or client.update,
 * serviceGroup.create and service.create, manufacturer.add and product.add, validated against the mirror and queued
 * in the outbox like any change, so an import works offline and syncs as the forms' changes do. Rows go in batches
 * of BATCH_ROWS, a transaction each: a refused row is counted and the others go on; Cancel stops between batches,
 * and what was imported stays.
 */
export const BATCH_ROWS = 250;

export interface ImportRow<K extends ImportKind = ImportKind> {
  line: number;
  value: ImportValues[K];
}
export interface FailedRow {
  line: number;
  /** The refusal's catalog message id. */
  message: string;
}
export interface ImportOutcome {
  imported: number;
  merged: number;
  skipped: number;
  failed: FailedRow[];
  cancelled: boolean;
}
export interface ImportSettings {
  /** What a row does to a client the salon has (clients only; services and products that exist are skipped). */
  mode: MergeMode;
  /** The client fields the file has a column for. */
  given: ReadonlySet<ClientFieldKey>;
  /** The panel's language: a new service's and group's name goes in under it and under Latvian, which is required. */
  language: string;
}

const refusalMessage = (error: unknown): string => {
  if (error instanceof CommandRefusal) return error.error.messageId ?? 'error.default';
  throw error;
};

const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/** The salon's clients by phone, e-mail, and (for those with neither) name: who a row is, kept up as rows go in. */
class ClientIndex {
  private readonly byPhone = new Map<string, string>();
  private readonly byEmail = new Map<string, string>();
  private readonly byName = new Map<string, string>();

  /** A client's phone, e-mail or name, each kept by whoever had it first: a later row never takes one over. */
  add(c: Pick<ClientRow, 'id' | 'phone' | 'email' | 'firstName' | 'lastName'>) {
    const keep = (map: Map<string, string>, key: string) => {
      if (!map.has(key)) map.set(key, c.id);
    };
    if (c.phone) keep(this.byPhone, c.phone);
    if (c.email) keep(this.byEmail, lower(c.email));
    if (!c.phone && !c.email) keep(this.byName, nameKey(c.firstName, c.lastName));
  }

  /**
   * Who else holds a new row's phone and e-mail, as createClient's rule asks: the row itself is in the index
   * already (it was added when it was read), so a holder is another id.
   */
  holders(id: string, phone: string | null, email: string | null) {
    const other = (holder: string | undefined) => (holder && holder !== id ? holder : null);
    return {
      byPhone: other(phone ? this.byPhone.get(phone) : undefined),
      byEmail: other(email ? this.byEmail.get(lower(email)) : undefined),
    };
  }

  find(v: ClientImportValue): string | null {
    if (v.phone) return this.byPhone.get(v.phone) ?? null;
    if (v.email) return this.byEmail.get(lower(v.email)) ?? null;
    return this.byName.get(nameKey(v.firstName, v.lastName)) ?? null;
  }
}

type Row<K extends ImportKind> = ImportRow<K>;
type Step<K extends ImportKind> = (batch: CommandBatch, row: Row<K>, outcome: ImportOutcome) => Promise<void>;
type Batch<K extends ImportKind> = (batch: CommandBatch, chunk: readonly Row<K>[], outcome: ImportOutcome) => Promise<void>;

/** Rows one by one, a refused row counted with its message and the others going on. */
const oneByOne =
  <K extends ImportKind>(step: Step<K>): Batch<K> =>
  async (batch, chunk, outcome) => {
    for (const row of chunk) {
      try {
        await step(batch, row, outcome);
      } catch (error) {
        outcome.failed.push({ line: row.line, message: refusalMessage(error) });
      }
    }
  };

/**
 * Clients a batch at a time: a known client (the file's row matches one by phone, e-mail or name) is merged by the
 * owner's choice with client.update, one by one; the new ones are made together (createClients: createClient's
 * own rule, one bulk write), a row repeating one made earlier in the same batch merged into it before it is written.
 */
async function clientBatches(db: SalonDb, ctx: CommandContext, settings: ImportSettings): Promise<Batch<'clients'>> {
  const index = new ClientIndex();
  for (const c of await db.mirror('clients').where('salonId').equals(ctx.salonId).toArray()) index.add(c);
  return async (batch, chunk, outcome) => {
    const fresh = new Map<string, { line: number; input: CreateClientInput & ClientImportValue & { id: string } }>();
    for (const { line, value } of chunk) {
      const id = index.find(value);
      const pending = id ? fresh.get(id) : undefined;
      if (pending) {
        const next = mergedClient(pending.input, value, settings.given, settings.mode);
        if (next) Object.assign(pending.input, next);
        outcome[next ? 'merged' : 'skipped'] += 1;
        continue;
      }
      const existing = id ? await db.mirror('clients').get(id) : undefined;
      if (existing) {
        const next = mergedClient(existing, value, settings.given, settings.mode);
        if (!next) {
          outcome.skipped += 1;
          continue;
        }
        try {
          await batch.run(updateClient, {
            ctx,
            input: { salonId: ctx.salonId, clientId: existing.id, ...next, blocked: existing.blockedAt !== null },
          });
          index.add({ id: existing.id, ...next });
          outcome.merged += 1;
        } catch (error) {
          outcome.failed.push({ line, message: refusalMessage(error) });
        }
        continue;
      }
      const input = { id: newId(), salon: ctx.salonId, ...value, blocked: false };
      fresh.set(input.id, { line, input });
      index.add(input);
    }
    const made = [...fresh.values()];
    const refusals = await createClients(
      batch,
      ctx,
      made.map((m) => m.input),
      (input) => index.holders(input.id, input.phone, input.email),
    );
    refusals.forEach((refusal, i) => {
      if (refusal) outcome.failed.push({ line: made[i]?.line as number, message: refusalMessage(refusal) });
      else outcome.imported += 1;
    });
  };
}

/** A name as a new service or group takes it: under Latvian (required) and under the panel's language. */
const variants = (name: string, language: string) => ({
  lv: name,
  ...(language === 'en' || language === 'ru' ? { [language]: name } : {}),
});

async function serviceSteps(db: SalonDb, ctx: CommandContext, settings: ImportSettings): Promise<Step<'services'>> {
  const groups = new Map<string, string>();
  for (const g of await db.mirror('serviceGroups').where('salonId').equals(ctx.salonId).toArray())
    for (const name of Object.values(g.nameVariants)) if (name) groups.set(lower(name), g.id);
  const services = new Set<string>();
  for (const s of await db.mirror('services').where('salonId').equals(ctx.salonId).toArray())
    for (const name of Object.values(s.nameVariants)) if (name) services.add(`${s.groupId}:${lower(name)}`);
  let color = services.size;
  return async (batch, { value }: Row<'services'>, outcome) => {
    let groupId = groups.get(lower(value.group));
    if (groupId && services.has(`${groupId}:${lower(value.name)}`)) {
      outcome.skipped += 1;
      return;
    }
    if (!groupId) {
      const input = { id: newId(), salon: ctx.salonId, nameVariants: variants(value.group, settings.language), type: null };
      await batch.run(createServiceGroup, { ctx, input });
      groupId = input.id;
      groups.set(lower(value.group), groupId);
    }
    const service: ServiceImportValue = value;
    const palette = SERVICE_PALETTE[color % SERVICE_PALETTE.length] as string;
    const input = {
      id: newId(),
      serviceGroupId: groupId,
      nameVariants: variants(service.name, settings.language),
      duration: service.duration,
      price: service.price,
      color: palette,
    };
    await batch.run(createService, { ctx, input });
    color += 1;
    services.add(`${groupId}:${lower(value.name)}`);
    outcome.imported += 1;
  };
}

async function productSteps(db: SalonDb, ctx: CommandContext): Promise<Step<'products'>> {
  const makers = new Map<string, string>();
  for (const m of await db.mirror('manufacturers').where('salonId').equals(ctx.salonId).toArray()) makers.set(lower(m.name), m.id);
  const products = new Set<string>();
  for (const p of await db.mirror('products').where('salonId').equals(ctx.salonId).toArray())
    products.add(p.code ? `code:${lower(p.code)}` : `name:${lower(p.name)}`);
  const keyOf = (p: ProductImportValue) => (p.code ? `code:${lower(p.code)}` : `name:${lower(p.name)}`);
  return async (batch, { value }: Row<'products'>, outcome) => {
    if (products.has(keyOf(value))) {
      outcome.skipped += 1;
      return;
    }
    let manufacturer = makers.get(lower(value.manufacturer));
    if (!manufacturer) {
      const input = { id: newId(), salon: ctx.salonId, name: value.manufacturer };
      await batch.run(addManufacturer, { ctx, input });
      manufacturer = input.id;
      makers.set(lower(value.manufacturer), manufacturer);
    }
    const input = {
      id: newId(),
      salon: ctx.salonId,
      name: value.name,
      manufacturer,
      code: value.code,
      quantity: value.stock,
      price: value.price,
      supplierPrice: '',
      type: 'SALE' as const,
    };
    await batch.run(addProduct, { ctx, input });
    products.add(keyOf(value));
    outcome.imported += 1;
  };
}

/** Imports the rows that passed their checks, in file order, reporting how many are done after each batch. */
export async function importRows<K extends ImportKind>(
  db: SalonDb,
  ctx: CommandContext,
  kind: K,
  rows: readonly ImportRow<K>[],
  settings: ImportSettings,
  hooks: { onProgress?: (done: number) => void; signal?: AbortSignal } = {},
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { imported: 0, merged: 0, skipped: 0, failed: [], cancelled: false };
  const run = (
    kind === 'clients'
      ? await clientBatches(db, ctx, settings)
      : kind === 'services'
        ? oneByOne(await serviceSteps(db, ctx, settings))
        : oneByOne(await productSteps(db, ctx))
  ) as Batch<K>;
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    if (hooks.signal?.aborted) {
      outcome.cancelled = true;
      break;
    }
    const chunk = rows.slice(start, start + BATCH_ROWS);
    // The batch's counts count only once it is written: a batch that fails as a whole leaves the outcome as it was.
    const counts: ImportOutcome = { imported: 0, merged: 0, skipped: 0, failed: [], cancelled: false };
    await runCommandBatch(db, ctx.salonId, ctx.now, (batch) => run(batch, chunk, counts));
    outcome.imported += counts.imported;
    outcome.merged += counts.merged;
    outcome.skipped += counts.skipped;
    outcome.failed.push(...counts.failed);
    hooks.onProgress?.(Math.min(rows.length, start + chunk.length));
  }
  return outcome;
}
