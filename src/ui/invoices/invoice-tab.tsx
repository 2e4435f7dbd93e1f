import type { BookingMode } from '../../domain/schemas/appointment-form';
import type { AppointmentRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { CreateInvoiceButton } from './create-invoice';
import { InvoiceForm, type InvoiceReopen } from './invoice-form';
import { useInvoiceData } from './use-invoice-data';

/**
 * The Invoice tab of Edit Appointment (part 1 §2): the invoice form, or Create Invoice while there is none. The
 * form starts again from the stored invoice once it is paid (here or on another device), so the locked lines are
 * exactly what was paid.
 */
export function InvoiceTab({
  appointment,
  mode,
  reopen,
  onClose,
}: {
  appointment: AppointmentRow;
  mode: BookingMode;
  reopen?: InvoiceReopen;
  onClose: () => void;
}) {
  const t = useT();
  const data = useInvoiceData(appointment);
  if (!data) return null;
  const { invoice } = data;
  if (!invoice) {
    return (
      <div className="stack">
        <p className="muted">{t('invoice.none')}</p>
        <div className="form-actions">
          <CreateInvoiceButton />
        </div>
      </div>
    );
  }
  return (
    <InvoiceForm
      key={`${invoice.id}:${invoice.paid}`}
      appointment={appointment}
      mode={mode}
      data={{ ...data, invoice }}
      reopen={invoice.paid ? undefined : reopen}
      onClose={onClose}
    />
  );
}
