import { refusal, type RefusalDetails, type RefusalName } from '../../src/domain/refusals';
import { fromShape, type AppError } from './errors';

/**
 * The spec's refusals (part 1 §8, part 2 §8) as the API throws them. Their codes, reasons, fields, message
 * ids and texts are in one table, src/domain/refusals.ts, which the local commands use too; a shared rule's
 * refusal (src/domain/rules) is thrown with `fromShape`.
 */
export { fromShape };

/** The table's refusal `name`, thrown as the API's error. */
export const refused = (name: RefusalName, details?: RefusalDetails): AppError => fromShape(refusal(name, details));

/** A booking's master, cabinet, service or client (or the appointment itself) that is gone or of another salon. */
export const notExists = (what: 'appointment' | 'client' | 'master' | 'cabinet' | 'service', field: string | null = null) =>
  what === 'client'
    ? refused('clientNotExists', { field })
    : refused('appointmentNotExists', { field, message: `This ${what} does not exist` });
