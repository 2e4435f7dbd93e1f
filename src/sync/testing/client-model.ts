import { refuse } from '../../domain/command-refusal';
import type { ClientRow } from '../../domain/entities';
import type { CommandHandler, FakeServer } from './fake-transport';

/**
 * What client.create, client.update and client.delete do to a client row, written out plainly (not through
 * src/db/commands): the fake server applies accepted commands with it, and the re-base property checks the
 * mirror against it. Inputs are the ones src/db/testing/fixtures.ts makes (already trimmed, never blocked).
 */
export interface ClientStore {
  get(id: string): ClientRow | undefined;
  put(row: ClientRow): void;
  remove(id: string): void;
}

interface ClientInput {
  id: string;
  salon: string;
  clientId: string;
  userId?: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  notes: string;
  gender: ClientRow['gender'];
  birthday?: string | null;
}

const fields = (input: ClientInput) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  phone: input.phone,
  email: input.email,
  notes: input.notes,
  gender: input.gender,
  birthday: input.birthday ?? null,
  blockedAt: null,
  blockedBy: null,
});

export function applyClientCommand(rows: ClientStore, entry: { name: string; args: unknown }): void {
  const { input } = entry.args as { input: ClientInput };
  switch (entry.name) {
    case 'client.create':
      rows.put({
        id: input.id,
        salonId: input.salon,
        type: input.userId ? 'GLOBAL' : 'LOCAL',
        ...fields(input),
        language: null,
        messageConsent: true,
        defaultMasterIds: [],
      });
      return;
    case 'client.update': {
      const current = rows.get(input.clientId);
      if (current) rows.put({ ...current, ...fields(input) });
      return;
    }
    case 'client.delete':
      rows.remove(input.clientId);
      return;
    default:
      throw new Error(`no model for ${entry.name}`);
  }
}

/** A plain map as a ClientStore. */
export const mapStore = (rows: Map<string, ClientRow>): ClientStore => ({
  get: (id) => rows.get(id),
  put: (row) => void rows.set(row.id, structuredClone(row)),
  remove: (id) => void rows.delete(id),
});

export const serverStore = (server: FakeServer): ClientStore => ({
  get: (id) => server.row('clients', id),
  put: (row) => void server.put('clients', row),
  remove: (id) => void server.remove('clients', id),
});

/** The server's client commands: an existing id cannot be created, a missing client neither changed nor deleted. */
export const clientCommands: CommandHandler = (entry, server) => {
  const { input } = entry.args as { input: ClientInput };
  const existing = server.row('clients', entry.name === 'client.create' ? input.id : input.clientId);
  if (entry.name === 'client.create' && existing) refuse({ code: 'AlreadyExists', reason: 'ID_ALREADY_EXISTS', field: null });
  if (entry.name !== 'client.create' && !existing) refuse({ code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS', field: null });
  applyClientCommand(serverStore(server), entry);
};
