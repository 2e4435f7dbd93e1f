import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { clientWithPhone } from '../../db/queries/clients';
import type { ServerErrorShape } from '../../domain/errors';
import type { ClientFormValues } from '../../domain/schemas/client-form';
import { useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Dialog } from '../dialog';
import { FormMessage } from '../form-message';
import { ClientAppointmentsTab } from './client-appointments-tab';
import { clientDialogs, type ClientTab } from './client-dialogs';
import { ClientForm } from './client-form';
import { ClientMastersTab } from './client-masters-tab';
import { ClientMessageList } from '../client-messages/client-message-list';
import { useSyncDb } from '../sync/use-sync-state';
import { Button } from '../button';
import { membershipSale } from '../memberships/membership-sale';
import { fullName, useClient } from '../salon/use-clients';

/**
 * The client dialog (part 1 §2): avatar and full name; tabs personalInformation (the edit form),
 * appointments and masters, and the messages sent to the client (issue 57). A master sees only personalInformation, read-only. Administrators sell the client a
 * membership from here (decision 071).
 */
export function ClientDialog({
  clientId,
  tab,
  values,
  refusal,
  conflictId,
}: {
  clientId: string;
  tab?: ClientTab;
  values?: ClientFormValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
}) {
  const t = useT();
  const session = useSession();
  const client = useClient(clientId);
  const isMaster = session?.role === 'MASTER';
  const title = client ? (
    <span className="client-title">
      <span className="avatar avatar-lg" aria-hidden>
        {(client.firstName[0] ?? '?').toUpperCase()}
      </span>
      {fullName(client)}
    </span>
  ) : (
    t('client.title')
  );
  return (
    <Dialog title={title} isOpen onClose={clientDialogs.close} size="lg">
      {client === null ? <FormMessage>{t('client.notExists')}</FormMessage> : null}
      {client && !isMaster ? (
        <div className="dialog-toolbar">
          <Button
            variant="secondary"
            onPress={() => {
              clientDialogs.close();
              membershipSale.open(client.id);
            }}
          >
            {t('membership.sell')}
          </Button>
        </div>
      ) : null}
      {client ? (
        <Tabs defaultSelectedKey={isMaster ? 'personalInformation' : (tab ?? 'personalInformation')} className="tabs">
          <TabList aria-label={t('client.title')} className="tab-list">
            <Tab id="personalInformation" className="tab">
              {t('client.tab.personalInformation')}
            </Tab>
            {isMaster ? null : (
              <Tab id="appointments" className="tab">
                {t('client.tab.appointments')}
              </Tab>
            )}
            {isMaster ? null : (
              <Tab id="masters" className="tab">
                {t('client.tab.masters')}
              </Tab>
            )}
            {isMaster ? null : (
              <Tab id="messages" className="tab">
                {t('clientMessages.list.tab')}
              </Tab>
            )}
          </TabList>
          <TabPanel id="personalInformation" className="tab-panel">
            <ClientForm
              client={client}
              initialValues={values}
              refusal={refusal}
              conflictId={conflictId}
              readOnly={isMaster}
              onDone={() => clientDialogs.close()}
              onCancel={clientDialogs.close}
            />
          </TabPanel>
          {isMaster ? null : (
            <TabPanel id="appointments" className="tab-panel">
              <ClientAppointmentsTab clientId={client.id} />
            </TabPanel>
          )}
          {isMaster ? null : (
            <TabPanel id="masters" className="tab-panel">
              <ClientMastersTab client={client} />
            </TabPanel>
          )}
          {isMaster ? null : (
            <TabPanel id="messages" className="tab-panel">
              <ClientMessageList of={{ client: client.id }} />
            </TabPanel>
          )}
        </Tabs>
      ) : null}
    </Dialog>
  );
}

/** New Client (part 1 §2): Add, Clear, Cancel. */
export function NewClientDialog({
  values,
  refusal,
  conflictId,
  onCreated,
}: {
  values?: ClientFormValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
  onCreated?: (id: string) => void;
}) {
  const t = useT();
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  return (
    <Dialog title={t('client.new')} isOpen onClose={clientDialogs.close} size="md">
      <ClientForm
        initialValues={values}
        refusal={refusal}
        conflictId={conflictId}
        onDone={(_, id) => {
          clientDialogs.close();
          onCreated?.(id);
        }}
        onCancel={clientDialogs.close}
        onRefused={
          onCreated
            ? async (error, phone) => {
                // 'When used while making a new appointment, the existing client is looked up and selected
                // and the dialog closes' (part 1 §8 PHONE_ALREADY_EXISTS).
                if (error.reason !== 'PHONE_ALREADY_EXISTS' || !phone || !db || !salonId) return false;
                const existing = await clientWithPhone(db, salonId, phone);
                if (!existing) return false;
                clientDialogs.close();
                onCreated(existing.id);
                return true;
              }
            : undefined
        }
      />
    </Dialog>
  );
}
