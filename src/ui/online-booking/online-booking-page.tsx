import { useEffect, useState } from 'react';
import { salonServices } from '../../db/queries/services';
import { isAdministrator } from '../../domain/roles';
import { useT } from '../../i18n';
import { useMasters, useServiceGroups } from '../salon/use-salon-setup';
import { useSalon } from '../salon/use-salon';
import { useSalonRows } from '../sync/use-salon-rows';
import { useSession } from '../session/use-session';
import { reopenStore, useReopened, type Reopened } from '../sync/reopen-store';
import { ONLINE_BOOKING_FORM_KIND, OnlineBookingForm } from './online-booking-form';

/**
 * Salon settings → Online booking (issue 61; the owner and administrators, the /salon layout keeps masters out): the
 * salon's own booking page, from the mirror, saved offline too. A refused save comes back here from the conflicts list.
 */
export function OnlineBookingPage() {
  const t = useT();
  const session = useSession();
  const salon = useSalon();
  const services = useSalonRows(salonServices);
  const groups = useServiceGroups();
  const masters = useMasters();
  const reopenedNow = useReopened('onlineBooking');
  const [reopened, setReopened] = useState<Reopened | null>(null);
  useEffect(() => {
    if (!reopenedNow || reopenedNow.kind !== ONLINE_BOOKING_FORM_KIND) return;
    reopenStore.set(null);
    setReopened(reopenedNow);
  }, [reopenedNow]);

  if (!session) return null;
  const loaded = salon !== undefined && services !== undefined && groups !== undefined && masters !== undefined;
  return (
    <section className="page settings-page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.onlineBooking')}</h1>
      </div>
      {!loaded ? null : salon === null ? (
        <p className="section-note">{t('settings.notLoaded')}</p>
      ) : (
        <OnlineBookingForm
          key={reopened?.conflictId ?? 'online-booking'}
          salon={salon}
          services={services}
          groups={groups}
          masters={masters}
          readOnly={!isAdministrator({ role: session.role, isOwner: session.isOwner })}
          reopened={reopened ? { values: reopened.values as never, error: reopened.error, conflictId: reopened.conflictId } : null}
        />
      )}
    </section>
  );
}
