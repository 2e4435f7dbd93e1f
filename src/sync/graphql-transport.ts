import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Client } from 'graphql-ws';
import { ApiError, Docs, request } from '../api';
import { createSocket, subscribe } from '../api/ws';
import type { OutboxEntry } from '../db/salon-db';
import { isCommandName, type CommandName } from '../domain/commands/catalogue';
import type { CommandMeta } from '../domain/schemas/command';
import type { ServerErrorShape } from '../domain/errors';
import { requestPullPage } from './pull-request';
import type { SendResult, Transport } from './transport';

/**
 * A command's mutation (a typed document of GraphQL Code Generator) and how an outbox entry is pushed as it.
 * The outbox holds what the command's schema accepted when it was written (src/db/commands/run.ts); IndexedDB
 * keeps no types, so that input is taken as the mutation's here, in this one place.
 */
interface Sender {
  document: TypedDocumentNode<unknown, never>;
  push(input: object, command: CommandMeta): Promise<unknown>;
}
const send = <I extends { command?: CommandMeta | null }>(document: TypedDocumentNode<unknown, { input: I }>): Sender => ({
  document: document as TypedDocumentNode<unknown, never>,
  push: (input, command) => request(document, { input: { ...(input as I), command } }),
});

/** Command name → the spec's mutation it is pushed as (the catalogue's `mutation`, DESIGN.md §5.1). */
export const SENDERS = {
  'appointment.create': send(Docs.CreateAppointmentsDocument),
  'appointment.update': send(Docs.UpdateAppointmentDocument),
  'appointment.move': send(Docs.UpdateAppointmentDocument),
  'appointment.delete': send(Docs.DeleteAppointmentDocument),
  'appointment.archive': send(Docs.ArchiveAppointmentDocument),
  'client.create': send(Docs.CreateClientDocument),
  'client.update': send(Docs.UpdateClientDocument),
  'client.delete': send(Docs.DeleteClientDocument),
  'client.setDefaultMasters': send(Docs.SetDefaultMastersDocument),
  'cabinet.create': send(Docs.CreateCabinetDocument),
  'cabinet.update': send(Docs.UpdateCabinetDocument),
  'cabinet.delete': send(Docs.DeleteCabinetDocument),
  'serviceGroup.create': send(Docs.CreateServiceGroupDocument),
  'serviceGroup.update': send(Docs.UpdateServiceGroupDocument),
  'serviceGroup.delete': send(Docs.DeleteServiceGroupDocument),
  'service.create': send(Docs.CreateServiceDocument),
  'service.update': send(Docs.UpdateServiceDocument),
  'service.delete': send(Docs.DeleteServiceDocument),
  'manufacturer.add': send(Docs.AddManufacturerDocument),
  'manufacturer.update': send(Docs.UpdateManufacturerDocument),
  'manufacturer.delete': send(Docs.DeleteManufacturerDocument),
  'product.add': send(Docs.AddProductDocument),
  'product.update': send(Docs.UpdateProductDocument),
  'product.delete': send(Docs.DeleteProductDocument),
  'invoice.create': send(Docs.CreateInvoiceDocument),
  'invoice.update': send(Docs.UpdateInvoiceDocument),
  'invoice.edit': send(Docs.EditInvoiceDocument),
  'invoice.delete': send(Docs.DeleteInvoiceDocument),
  'membership.add': send(Docs.CreateMembershipDocument),
  'membership.delete': send(Docs.DeleteMembershipDocument),
  'sale.create': send(Docs.CreateCartInvoiceDocument),
  'sale.archive': send(Docs.ArchiveCartInvoiceDocument),
  'master.create': send(Docs.AddMasterDocument),
  'master.update': send(Docs.UpdateMasterDocument),
  'master.delete': send(Docs.DeleteMasterDocument),
  'administrator.update': send(Docs.UpdateAdministratorDocument),
  'administrator.delete': send(Docs.DeleteAdministratorDocument),
  'workingTime.add': send(Docs.AddWorkingTimeDocument),
  'workingTime.update': send(Docs.UpdateWorkingTimeDocument),
  'workingTime.delete': send(Docs.DeleteWorkingTimeDocument),
  'schedule.generate': send(Docs.GenerateScheduleDocument),
  'salon.update': send(Docs.UpdateSalonDocument),
  'salon.updateArchiveSettings': send(Docs.UpdateSalonArchiveSettingsDocument),
  'salon.updateReportSettings': send(Docs.UpdateSalonReportSettingsDocument),
  'salon.updateClientPhoneSettings': send(Docs.UpdateSalonClientPhoneSettingsDocument),
  'salon.updateMasterLoginSettings': send(Docs.UpdateSalonMasterLoginSettingsDocument),
  'salon.archiveAppointments': send(Docs.ArchiveSelectedAppointmentsDocument),
} satisfies Record<CommandName, Sender>;

/**
 * The most characters of commands' input one push request carries (server/body-limit.ts takes eight times as many
 * bytes; in the request a character is at most three): a batch stops before the command that would pass it, and
 * the rest go in the next request.
 */
export const PUSH_BATCH_CHARS = 1024 * 1024;

/** The first commands whose inputs fit in PUSH_BATCH_CHARS, and always the first one. */
export function withinPushLimit<C extends { input: string }>(commands: C[]): C[] {
  let total = 0;
  const fitting = commands.findIndex((c, i) => (total += c.input.length) > PUSH_BATCH_CHARS && i > 0);
  return fitting === -1 ? commands : commands.slice(0, fitting);
}

const UNKNOWN_COMMAND: SendResult = {
  kind: 'refused',
  error: { code: 'IllegalArgument', reason: 'UNKNOWN_COMMAND', messageId: 'error.default' },
};

/** Codes that mean "try again later", not "refused" (DESIGN.md §5.3). */
const TRANSIENT = new Set(['Offline', 'Unauthenticated', 'InternalError', 'INTERNAL_SERVER_ERROR', undefined, null]);

export function classify(error: unknown): SendResult {
  if (!(error instanceof ApiError) || error.offline) return { kind: 'transient', error };
  return classifyShape(error.error, error);
}

/** A server's answer to one command: a gap, a transient failure, or a refusal of the command. */
export function classifyShape(e: ServerErrorShape, error: unknown = e): SendResult {
  if (e.reason === 'SEQ_GAP' && typeof e.expectedSeq === 'number') return { kind: 'gap', expectedSeq: e.expectedSeq };
  if (TRANSIENT.has(e.code ?? undefined)) return { kind: 'transient', error };
  return { kind: 'refused', error: e };
}

export function createGraphqlTransport(
  options: { socket?: Client; webSocketUrl?: string; webSocketImpl?: unknown } = {},
): Transport & { sendBatch: NonNullable<Transport['sendBatch']>; close(): void } {
  let socket = options.socket ?? null;
  const connectedListeners = new Set<() => void>();
  const getSocket = () =>
    (socket ??= createSocket({
      url: options.webSocketUrl,
      webSocketImpl: options.webSocketImpl,
      onConnected: () => connectedListeners.forEach((l) => l()),
    }));
  return {
    async send(clientId: string, entry: OutboxEntry): Promise<SendResult> {
      if (!isCommandName(entry.name)) return UNKNOWN_COMMAND;
      try {
        await SENDERS[entry.name].push((entry.args as { input: object }).input, { clientId, seq: entry.seq });
        return { kind: 'ok' };
      } catch (error) {
        return classify(error);
      }
    },
    async sendBatch(clientId, entries) {
      // Up to the first command this version does not know (refused alone, as `send` does).
      const unknown = entries.findIndex((e) => !isCommandName(e.name));
      if (unknown === 0) return [UNKNOWN_COMMAND];
      const commands = withinPushLimit(
        (unknown > 0 ? entries.slice(0, unknown) : entries).map((e) => ({
          name: e.name,
          seq: e.seq,
          input: JSON.stringify((e.args as { input: object }).input),
        })),
      );
      try {
        const { pushCommands } = await request(Docs.PushCommandsDocument, { input: { clientId, commands } });
        return pushCommands.results.map((r): SendResult =>
          r.ok ? { kind: 'ok' } : classifyShape(JSON.parse(r.error ?? '{}') as ServerErrorShape),
        );
      } catch (error) {
        return [classify(error)];
      }
    },
    pull: requestPullPage,
    subscribe(salonId, onPoke, onConnected) {
      connectedListeners.add(onConnected);
      const stop = subscribe(getSocket(), Docs.SalonChangedDocument, { salon: salonId }, () => onPoke());
      return () => {
        connectedListeners.delete(onConnected);
        stop();
      };
    },
    close() {
      void socket?.dispose();
      socket = null;
    },
  };
}
