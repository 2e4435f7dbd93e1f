import type { SendResult, Transport } from '../../../src/sync/transport';
import { transient } from './engine-client';
import type { Rng } from './prng';

/** What a device's faults count during a seed. */
export interface FaultStats {
  sends: number;
  offlineSends: number;
  lostRequests: number;
  lostResponses: number;
  duplicates: number;
  /** Batches the server applied in part before the answer was lost. */
  cutBatches: number;
  lostPulls: number;
}

export const newFaultStats = (): FaultStats => ({
  sends: 0,
  offlineSends: 0,
  lostRequests: 0,
  lostResponses: 0,
  duplicates: 0,
  cutBatches: 0,
  lostPulls: 0,
});

/** The device's state the faults read at each call. */
export interface FaultState {
  index: number;
  /** Offline while the run's step is below this. */
  offlineUntil: number;
  /** False once the run settles: no more faults. */
  faults: boolean;
  stats: FaultStats;
}

const sameAnswer = (a: SendResult, b: SendResult) =>
  a.kind === b.kind &&
  (a.kind !== 'refused' || (b.kind === 'refused' && a.error.code === b.error.code && a.error.reason === b.error.reason));

/** Two answers of the same batch agree on every command both answered without a transient failure. */
const sameAnswers = (a: SendResult[], b: SendResult[]) =>
  a.every((x, i) => {
    const y = b[i];
    return !y || x.kind === 'transient' || y.kind === 'transient' || sameAnswer(x, y);
  });

/**
 * A device's network (DESIGN.md §9 "sync"): offline windows, lost requests and answers, duplicate deliveries
 * (one after the other or at once; both answers must agree, `mismatches` collects those that do not) and
 * pulls in small pages, so a pull over pending commands re-bases page by page.
 */
export const faulty =
  (z: () => FaultState, step: () => number, rng: Rng, mismatches: string[]) =>
  (real: Transport): Transport => ({
    ...real,
    async send(clientId, entry) {
      const s = z().stats;
      s.sends += 1;
      if (step() < z().offlineUntil) {
        s.offlineSends += 1;
        return transient('offline');
      }
      if (!z().faults) return real.send(clientId, entry);
      const r = rng.next();
      if (r < 0.05) {
        s.lostRequests += 1;
        return transient('request lost');
      }
      if (r < 0.15) {
        s.lostResponses += 1;
        await real.send(clientId, entry);
        return transient('response lost');
      }
      if (r < 0.27) {
        s.duplicates += 1;
        const pair: [SendResult, SendResult] =
          rng.int(3) === 2
            ? await Promise.all([real.send(clientId, entry), real.send(clientId, entry)])
            : [await real.send(clientId, entry), await real.send(clientId, entry)];
        // An instance stopped between the two deliveries answers the second with a transient error: no mismatch.
        if (pair.every((p) => p.kind !== 'transient') && !sameAnswer(pair[0], pair[1]))
          mismatches.push(`device ${z().index} seq ${entry.seq}: ${pair[0].kind}/${pair[1].kind}`);
        return pair[rng.int(2)] as SendResult;
      }
      return real.send(clientId, entry);
    },
    // Batches get the same faults, and one more: the server applies the first commands, then the answer is lost.
    ...(real.sendBatch && {
      async sendBatch(clientId, entries) {
        const batch = real.sendBatch?.bind(real) as NonNullable<Transport['sendBatch']>;
        const s = z().stats;
        s.sends += 1;
        if (step() < z().offlineUntil) {
          s.offlineSends += 1;
          return [transient('offline')];
        }
        if (!z().faults) return batch(clientId, entries);
        const r = rng.next();
        if (r < 0.05) {
          s.lostRequests += 1;
          return [transient('request lost')];
        }
        if (r < 0.12) {
          s.lostResponses += 1;
          await batch(clientId, entries);
          return [transient('response lost')];
        }
        if (r < 0.18 && entries.length > 1) {
          s.cutBatches += 1;
          await batch(clientId, entries.slice(0, 1 + rng.int(entries.length - 1)));
          return [transient('batch cut')];
        }
        if (r < 0.27) {
          s.duplicates += 1;
          const pair: [SendResult[], SendResult[]] =
            rng.int(3) === 2
              ? await Promise.all([batch(clientId, entries), batch(clientId, entries)])
              : [await batch(clientId, entries), await batch(clientId, entries)];
          if (!sameAnswers(pair[0], pair[1])) mismatches.push(`device ${z().index} batch from seq ${entries[0]?.seq}: answers differ`);
          return pair[rng.int(2)] as SendResult[];
        }
        return batch(clientId, entries);
      },
    }),
    async pull(salonId, cursor, limit) {
      if (step() < z().offlineUntil) throw new Error('offline');
      if (z().faults && rng.chance(0.04)) {
        z().stats.lostPulls += 1;
        throw new Error('pull answer lost');
      }
      return real.pull(salonId, cursor, z().faults ? rng.pick([1, 2, 3, 7, limit]) : limit);
    },
  });
