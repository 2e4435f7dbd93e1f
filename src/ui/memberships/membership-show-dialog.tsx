import { useLiveQuery } from 'dexie-react-hooks';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { administratorOfUser, masterOfUser } from '../../db/queries/staff';
import { formatEuros } from '../../domain/rules/money';
import type { MembershipRow } from '../../domain/entities';
import { useIntl, useT } from '../../i18n';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { useSyncDb } from '../sync/use-sync-state';
import { useMembershipUses } from './use-memberships';
import { dayText, dayTimeText } from '../../domain/rules/time';

/** Who sold it: an administrator or a master of the salon, by user id, from the mirror. */
function useAuthorName(membership: MembershipRow): string {
  const db = useSyncDb();
  return (
    useLiveQuery(async () => {
      if (!db || !membership.authorId) return '';
      const userId = membership.authorId;
      const admin = await administratorOfUser(db, membership.salonId, userId);
      const master = admin ? undefined : await masterOfUser(db, membership.salonId, userId);
      const who = admin ?? master;
      return who ? `${who.firstName} ${who.lastName}`.trim() : '';
    }, [db, membership.authorId, membership.salonId]) ?? ''
  );
}

/**
 * The Membership dialog (part 1 §2): tabs Information and Appointments (the uses: date, master, service,
 * price; 'This membership has not been used yet'), and Close.
 */
export function MembershipShowDialog({
  membership,
  clientName,
  serviceName,
  onClose,
}: {
  membership: MembershipRow;
  clientName: string;
  serviceName: (id: string) => string;
  onClose: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const author = useAuthorName(membership);
  const uses = useMembershipUses(membership, serviceName);
  const money = (price: string) => formatEuros(price, intl.locale);
  const facts: [string, string][] = [
    [t('memberships.serialNumber'), String(membership.serialNumber)],
    [t('memberships.client'), clientName || '—'],
    [t('membership.service'), serviceName(membership.serviceId) || '—'],
    [t('memberships.uses'), String(membership.quantity)],
    [t('membership.used'), String(membership.totalUses)],
    [t('membership.price'), money(membership.price)],
    [t('membership.pricePerUse'), money(membership.pricePerUse)],
    [t('membership.createdAt'), dayTimeText(membership.createdAt)],
    [t('membership.author'), author || '—'],
  ];
  return (
    <Dialog title={t('membership.show.title', { serialNumber: membership.serialNumber })} isOpen onClose={onClose} size="md">
      <Tabs defaultSelectedKey="information" className="tabs">
        <TabList aria-label={t('membership.show.title', { serialNumber: membership.serialNumber })} className="tab-list">
          <Tab id="information" className="tab">
            {t('membership.tab.information')}
          </Tab>
          <Tab id="appointments" className="tab">
            {t('membership.tab.appointments')}
          </Tab>
        </TabList>
        <TabPanel id="information" className="tab-panel">
          <dl className="hover-card-list">
            {facts.map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </TabPanel>
        <TabPanel id="appointments" className="tab-panel">
          {uses === undefined ? <p className="muted">{t('app.loading')}</p> : null}
          {uses && uses.length === 0 ? <p className="empty">{t('membership.uses.empty')}</p> : null}
          {uses && uses.length > 0 ? (
            <table className="table" aria-label={t('membership.tab.appointments')}>
              <thead>
                <tr>
                  <th scope="col">{t('membership.uses.date')}</th>
                  <th scope="col">{t('membership.uses.master')}</th>
                  <th scope="col">{t('membership.uses.service')}</th>
                  <th scope="col">{t('membership.uses.price')}</th>
                </tr>
              </thead>
              <tbody>
                {uses.map((u) => (
                  <tr key={u.id}>
                    <td>{dayText(u.date)}</td>
                    <td>{u.master || '—'}</td>
                    <td>{u.service || '—'}</td>
                    <td>{money(u.price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </TabPanel>
      </Tabs>
      <div className="form-actions">
        <Button variant="secondary" onPress={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Dialog>
  );
}
