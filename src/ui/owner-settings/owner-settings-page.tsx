import { useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { useAdministrators, useMayManageAdministrators } from '../salon/use-administrators';
import { SubscriptionStatus } from './subscription-status';
import { TransferOwnership } from './transfer-ownership';

/**
 * Owner Settings (part 2 §2, owner only; its screen is not shown by the spec, docs/decisions/022): the
 * salon's subscription status, read-only, and handing the salon over to one of its administrators. A
 * sysadmin who entered the salon sees the status only.
 */
export function OwnerSettingsPage() {
  const t = useT();
  const session = useSession();
  const administrators = useAdministrators();
  const mayManage = useMayManageAdministrators();
  if (!session?.salon) return null;
  return (
    <section className="page settings-page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.ownerSettings')}</h1>
      </div>
      <SubscriptionStatus salonId={session.salon} />
      {mayManage ? (
        administrators === undefined ? null : (
          <TransferOwnership salonId={session.salon} salonName={session.salonName ?? ''} administrators={administrators} />
        )
      ) : (
        <p className="section-note">{t('ownerSettings.transfer.ownerOnly')}</p>
      )}
    </section>
  );
}
