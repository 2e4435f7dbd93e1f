import type { ServerErrorShape } from '../domain/errors';
import type { Change } from '../domain/entities';
import type { OutboxEntry } from '../db/salon-db';

/** How the engine reaches the server; the GraphQL transport in production, the same over a real server in tests. */
export type SendResult =
  | { kind: 'ok' }
  /** A business refusal (spec §8 codes): permanent, the server recorded it and the queue goes on. */
  | { kind: 'refused'; error: ServerErrorShape }
  /** The server expects another seq first. */
  | { kind: 'gap'; expectedSeq: number }
  /** Network, timeout, 5xx, 401: keep the command and retry later (DESIGN.md §5.3). */
  | { kind: 'transient'; error: unknown };

export interface PullPage {
  changes: Change[];
  cursor: number;
  hasMore: boolean;
  salonRev: number;
}

export interface Transport {
  send(clientId: string, entry: OutboxEntry): Promise<SendResult>;
  /**
   * Sends entries (in seq order) in one request, when the transport can: the answers of the first ones, in
   * order, stopping after a transient or gap answer; a failed request is one transient answer.
   */
  sendBatch?(clientId: string, entries: readonly OutboxEntry[]): Promise<SendResult[]>;
  pull(salonId: string, cursor: number, limit: number): Promise<PullPage>;
  /** Pokes from the server (salonChanged); returns an unsubscribe. */
  subscribe(salonId: string, onPoke: () => void, onConnected: () => void): () => void;
}
