import { useState, type ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { newId } from '../../domain/ids';
import type { BookingMode } from '../../domain/schemas/appointment-form';
import type { AppointmentRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { FormMessage } from '../form-message';
import { submitCommand } from '../../sync/submit-command';
import { useServerError } from '../use-server-error';
import { CreateContext, type CreateState } from './create-invoice';
import type { InvoiceReopen } from './invoice-form';
import { InvoiceTab } from './invoice-tab';

/** What the Edit Appointment dialog knows of the appointment's invoice. */
export interface InvoiceTarget {
  appointment: AppointmentRow;
  hasInvoice: boolean;
  /** Open on the Invoice tab (a Create Invoice, or a refused save brought back by the conflicts list). */
  openInvoice?: boolean;
  invoiceReopen?: InvoiceReopen;
}

/** A tab the appointment's dialog adds after Invoice (the appointment's client messages, issue 57). */
export interface MoreTab {
  id: string;
  label: string;
  panel: ReactNode;
}

/**
 * The Edit Appointment dialog's tabs (part 1 §2): Edit Appointment (`children`, the appointment form) and Invoice,
 * then the `more` tabs the dialog gives.
 * The Invoice tab is disabled with the hint 'To edit or pay invoice, please apply current appointment changes'
 * while the form has unsaved changes. A failed create says 'Unable to create invoice' with the reason; it is kept
 * here, above the tabs, because the button that asked may be gone by the time the server answers. `onClose` closes
 * the dialog (the invoice form's Save and Cancel).
 */
export function AppointmentTabs({
  target,
  dirty,
  mode,
  onClose,
  more = [],
  children,
}: {
  target: InvoiceTarget | undefined;
  dirty: boolean;
  mode: BookingMode;
  onClose: () => void;
  more?: MoreTab[];
  children: ReactNode;
}) {
  const t = useT();
  const server = useServerError('invoice');
  const [tab, setTab] = useState<Key>(target?.openInvoice ? 'invoice' : 'edit');
  const [busy, setBusy] = useState(false);
  if (!target) return <>{children}</>;
  const { appointment } = target;
  const create = async () => {
    setBusy(true);
    server.clear();
    setTab('invoice');
    try {
      await submitCommand('invoice.create', { id: newId(), salon: appointment.salonId, appointment: appointment.id }, { form: null });
    } catch (error) {
      server.report(error);
    } finally {
      setBusy(false);
    }
  };
  const createState: CreateState = { create: () => void create(), shown: !target.hasInvoice, disabled: dirty || busy };
  return (
    <CreateContext.Provider value={createState}>
      {server.formError ? <FormMessage>{`${t('invoice.createFailed')}: ${server.formError}`}</FormMessage> : null}
      <Tabs
        className="tabs"
        selectedKey={dirty ? 'edit' : tab}
        onSelectionChange={setTab}
        disabledKeys={dirty ? ['invoice', ...more.map((m) => m.id)] : []}
      >
        <TabList aria-label={t('appointment.edit')} className="tab-list">
          <Tab id="edit" className="tab">
            {t('appointment.edit')}
          </Tab>
          <Tab id="invoice" className="tab">
            {t('invoice.tab')}
          </Tab>
          {more.map((m) => (
            <Tab key={m.id} id={m.id} className="tab">
              {m.label}
            </Tab>
          ))}
        </TabList>
        {dirty ? <FormMessage kind="info">{t('invoice.applyChangesFirst')}</FormMessage> : null}
        <TabPanel id="edit" className="tab-panel">
          {children}
        </TabPanel>
        <TabPanel id="invoice" className="tab-panel">
          <InvoiceTab appointment={appointment} mode={mode} reopen={target.invoiceReopen} onClose={onClose} />
        </TabPanel>
        {more.map((m) => (
          <TabPanel key={m.id} id={m.id} className="tab-panel">
            {m.panel}
          </TabPanel>
        ))}
      </Tabs>
    </CreateContext.Provider>
  );
}
