import type { Client } from 'graphql-ws';
import { ApiError, Docs, request } from '../api';
import { createSocket, subscribe } from '../api/ws';
import type { OutboxEntry } from '../db/salon-db';
import { isCommandName } from '../domain/commands/catalogue';
import type { ServerErrorShape } from '../domain/errors';
import { requestPullPage } from './pull-request';
import type { Listen } from './sync-state';
import type { SendResult, Transport } from './transport';

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
): Transport & { sendBatch: NonNullable<Transport['sendBatch']>; listen: Listen; close(): void } {
  let socket = options.socket ?? null;
  const connectedListeners = new Set<() => void>();
  const getSocket = () =>
    (socket ??= createSocket({
      url: options.webSocketUrl,
      webSocketImpl: options.webSocketImpl,
      onConnected: () => connectedListeners.forEach((l) => l()),
    }));
  /**
   * Commands go by catalogue name in pushCommands; the server runs each as the mutation the catalogue gives it
   * (server/sync/push-batch.ts), so the client holds no per-command document.
   */
  const sendBatch = async (clientId: string, entries: readonly OutboxEntry[]): Promise<SendResult[]> => {
    // Up to the first command this version does not know (refused alone).
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
  };
  return {
    async send(clientId, entry) {
      const [result] = await sendBatch(clientId, [entry]);
      return result ?? { kind: 'transient', error: null };
    },
    sendBatch,
    pull: requestPullPage,
    subscribe(salonId, onPoke, onConnected) {
      connectedListeners.add(onConnected);
      const stop = subscribe(getSocket(), Docs.SalonChangedDocument, { salon: salonId }, () => onPoke());
      return () => {
        connectedListeners.delete(onConnected);
        stop();
      };
    },
    listen: (document, variables, onData) => subscribe(getSocket(), document, variables, onData),
    close() {
      void socket?.dispose();
      socket = null;
    },
  };
}
