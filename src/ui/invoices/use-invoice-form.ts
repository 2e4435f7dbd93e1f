import { useForm } from '@tanstack/react-form';
import { invoiceFormSchema, type InvoiceFormValues } from '../../domain/schemas/invoice';
import { schemaValidator } from '../form-field';

/**
 * The Invoice form's state. Its own file so that the form (invoice-form.tsx) and its lines (invoice-line.tsx),
 * which both need its type, do not import each other.
 */
export function useInvoiceForm(initial: InvoiceFormValues, onSubmit: (values: InvoiceFormValues, paid: boolean) => Promise<void>) {
  return useForm({
    defaultValues: initial,
    validators: {
      onChange: schemaValidator<InvoiceFormValues>(invoiceFormSchema),
      onSubmit: schemaValidator<InvoiceFormValues>(invoiceFormSchema),
    },
    onSubmitMeta: { paid: false } as { paid: boolean },
    onSubmit: ({ value, meta }) => onSubmit(value, meta.paid),
  });
}
export type InvoiceFormApi = ReturnType<typeof useInvoiceForm>;
