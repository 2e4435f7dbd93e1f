import { exclusionViolation, uniqueViolation } from '../db/errors';
import { AppError } from '../graphql/errors';
import type { RefusalName } from '../../src/domain/refusals';
import { refused } from '../graphql/refusals';

/**
 * What the database refuses by its own constraints is a business refusal like any other (DESIGN.md §5):
 * two instances racing past the application's checks still get the spec's error, and it is recorded.
 */
const UNIQUE: Record<string, RefusalName> = {
  appointments_pkey: 'appointmentExists',
  clients_pkey: 'idTaken',
  clients_salon_phone_key: 'clientPhoneTaken',
  clients_salon_email_key: 'clientEmailTaken',
  salons_name_key: 'salonNameTaken',
  memberships_pkey: 'idTaken',
  invoices_pkey: 'idTaken',
  invoice_items_pkey: 'idTaken',
  invoices_appointment_key: 'invoiceExists',
  memberships_serial_key: 'membershipSerialTaken',
};
const EXCLUSION: Record<string, RefusalName> = {
  appointments_master_overlap: 'timeOverlaps',
  appointments_cabinet_overlap: 'timeOverlaps',
};

/** The refusal an error stands for, or null for an unexpected error (not recorded; the client retries). */
export function refusalOf(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const excluded = exclusionViolation(error);
  if (excluded && EXCLUSION[excluded]) return refused(EXCLUSION[excluded]);
  const duplicate = uniqueViolation(error);
  if (duplicate && UNIQUE[duplicate]) return refused(UNIQUE[duplicate]);
  return null;
}
