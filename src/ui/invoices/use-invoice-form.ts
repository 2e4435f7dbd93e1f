import type { InvoiceFormValues } from '../../domain/schemas/invoice';
import type { CommandForm } from '../command-form';

/** What a submit of the Invoice form carries: Save sends `paid: false`, Pay `paid: true`. */
export interface InvoiceSubmit {
  paid: boolean;
}

/**
 * The Invoice form (useCommandForm with the shared schema). Its own file so that the form (invoice-form.tsx) and its
 * lines (invoice-line.tsx), which both need its type, do not import each other.
 */
export type InvoiceFormApi = CommandForm<InvoiceFormValues, InvoiceSubmit>;
