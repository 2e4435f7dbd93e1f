import type { Client } from 'graphql-ws';
import { ApiError, Docs, request } from '../api';
import { createSocket, subscribe } from '../api/ws';
import type { OutboxEntry } from '../db/salon-db';
import type { Change } from '../domain/sync/entities';
import type { SendResult, Transport } from './transport';

type Input = Record<string, unknown>;
type Sender = (input: Input) => Promise<unknown>;

/** Command name → the spec's mutation it is pushed as (DESIGN.md §5.1), with its { clientId, seq }. */
const SENDERS: Record<string, Sender> = {
  'appointment.create': (input) => request(Docs.CreateAppointmentsDocument, { input: input as never }),
  'appointment.update': (input) => request(Docs.UpdateAppointmentDocument, { input: input as never }),
  'appointment.move': (input) => request(Docs.UpdateAppointmentDocument, { input: input as never }),
  'appointment.delete': (input) => request(Docs.DeleteAppointmentDocument, { input: input as never }),
  'appointment.archive': (input) => request(Docs.ArchiveAppointmentDocument, { input: input as never }),
  'client.create': (input) => request(Docs.CreateClientDocument, { input: input as never }),
  'client.update': (input) => request(Docs.UpdateClientDocument, { input: input as never }),
  'client.delete': (input) => request(Docs.DeleteClientDocument, { input: input as never }),
  'client.setDefaultMasters': (input) => request(Docs.SetDefaultMastersDocument, { input: input as never }),
  'cabinet.create': (input) => request(Docs.CreateCabinetDocument, { input: input as never }),
  'cabinet.update': (input) => request(Docs.UpdateCabinetDocument, { input: input as never }),
  'cabinet.delete': (input) => request(Docs.DeleteCabinetDocument, { input: input as never }),
  'serviceGroup.create': (input) => request(Docs.CreateServiceGroupDocument, { input: input as never }),
  'serviceGroup.update': (input) => request(Docs.UpdateServiceGroupDocument, { input: input as never }),
  'serviceGroup.delete': (input) => request(Docs.DeleteServiceGroupDocument, { input: input as never }),
  'service.create': (input) => request(Docs.CreateServiceDocument, { input: input as never }),
  'service.update': (input) => request(Docs.UpdateServiceDocument, { input: input as never }),
  'service.delete': (input) => request(Docs.DeleteServiceDocument, { input: input as never }),
  'manufacturer.add': (input) => request(Docs.AddManufacturerDocument, { input: input as never }),
  'manufacturer.update': (input) => request(Docs.UpdateManufacturerDocument, { input: input as never }),
  'manufacturer.delete': (input) => request(Docs.DeleteManufacturerDocument, { input: input as never }),
  'product.add': (input) => request(Docs.AddProductDocument, { input: input as never }),
  'product.update': (input) => request(Docs.UpdateProductDocument, { input: input as never }),
  'product.delete': (input) => request(Docs.DeleteProductDocument, { input: input as never }),
  'invoice.create': (input) => request(Docs.CreateInvoiceDocument, { input: input as never }),
  'invoice.update': (input) => request(Docs.UpdateInvoiceDocument, { input: input as never }),
  'membership.add': (input) => request(Docs.CreateMembershipDocument, { input: input as never }),
  'membership.delete': (input) => request(Docs.DeleteMembershipDocument, { input: input as never }),
  'sale.create': (input) => request(Docs.CreateCartInvoiceDocument, { input: input as never }),
  'sale.archive': (input) => request(Docs.ArchiveCartInvoiceDocument, { input: input as never }),
  'master.create': (input) => request(Docs.AddMasterDocument, { input: input as never }),
  'master.update': (input) => request(Docs.UpdateMasterDocument, { input: input as never }),
  'master.delete': (input) => request(Docs.DeleteMasterDocument, { input: input as never }),
  'administrator.update': (input) => request(Docs.UpdateAdministratorDocument, { input: input as never }),
  'administrator.delete': (input) => request(Docs.DeleteAdministratorDocument, { input: input as never }),
  'workingTime.add': (input) => request(Docs.AddWorkingTimeDocument, { input: input as never }),
  'workingTime.update': (input) => request(Docs.UpdateWorkingTimeDocument, { input: input as never }),
  'workingTime.delete': (input) => request(Docs.DeleteWorkingTimeDocument, { input: input as never }),
  'schedule.generate': (input) => request(Docs.GenerateScheduleDocument, { input: input as never }),
  'salon.update': (input) => request(Docs.UpdateSalonDocument, { input: input as never }),
  'salon.updateArchiveSettings': (input) => request(Docs.UpdateSalonArchiveSettingsDocument, { input: input as never }),
  'salon.updateReportSettings': (input) => request(Docs.UpdateSalonReportSettingsDocument, { input: input as never }),
  'salon.updateClientPhoneSettings': (input) => request(Docs.UpdateSalonClientPhoneSettingsDocument, { input: input as never }),
  'salon.updateMasterLoginSettings': (input) => request(Docs.UpdateSalonMasterLoginSettingsDocument, { input: input as never }),
  'salon.archiveAppointments': (input) => request(Docs.ArchiveSelectedAppointmentsDocument, { input: input as never }),
};

/** Codes that mean "try again later", not "refused" (DESIGN.md §5.3). */
const TRANSIENT = new Set(['Offline', 'Unauthenticated', 'InternalError', 'INTERNAL_SERVER_ERROR', undefined, null]);

export function classify(error: unknown): SendResult {
  if (!(error instanceof ApiError) || error.offline) return { kind: 'transient', error };
  const e = error.error;
  if (e.reason === 'SEQ_GAP' && typeof e.expectedSeq === 'number') return { kind: 'gap', expectedSeq: e.expectedSeq };
  if (TRANSIENT.has(e.code ?? undefined)) return { kind: 'transient', error };
  return { kind: 'refused', error: e };
}

export function createGraphqlTransport(options: { socket?: Client; webSocketUrl?: string; webSocketImpl?: unknown } = {}): Transport & { close(): void } {
  let socket = options.socket ?? null;
  const connectedListeners = new Set<() => void>();
  const getSocket = () =>
    (socket ??= createSocket({ url: options.webSocketUrl, webSocketImpl: options.webSocketImpl, onConnected: () => connectedListeners.forEach((l) => l()) }));
  return {
    async send(clientId: string, entry: OutboxEntry): Promise<SendResult> {
      const sender = SENDERS[entry.name];
      if (!sender) return { kind: 'refused', error: { code: 'IllegalArgument', reason: 'UNKNOWN_COMMAND', messageId: 'error.default' } };
      const { input } = entry.args as { input: Input };
      try {
        await sender({ ...input, command: { clientId, seq: entry.seq } });
        return { kind: 'ok' };
      } catch (error) {
        return classify(error);
      }
    },
    async pull(salonId, cursor, limit) {
      const { pull } = await request(Docs.PullDocument, { input: { salon: salonId, cursor, limit } });
      const changes = pull.changes.map((c) => ({ entity: c.entity, id: c.id, rev: c.rev, deleted: c.deleted, data: c.data ? JSON.parse(c.data) : null }) as Change);
      return { changes, cursor: pull.cursor, hasMore: pull.hasMore, salonRev: pull.salonRev };
    },
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
