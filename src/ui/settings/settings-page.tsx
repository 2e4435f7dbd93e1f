import { useEffect, useState } from 'react';
import type { SettingSwitch } from '../../domain/schemas/settings';
import { canArchiveHistory } from '../../domain/rules/settings';
import { useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { useSalon } from '../salon/use-salon';
import { reopenStore, useReopened, type Reopened } from '../sync/reopen-store';
import { DELETE_HISTORY_FORM_KIND, DeleteHistory } from './delete-history';
import { GENERAL_FORM_KIND, GeneralSettingsForm } from './general-settings-form';
import { SettingSwitches, SWITCH_FORM_KIND } from './setting-switches';
import { isAdministrator } from '../../domain/roles';
import { SettingsSection } from '../settings-section';

/**
 * General Settings (part 2 §2): salon name, address and schedule; the salon-wide switches; Delete appointments.
 * Client messages and their texts live in Admin settings (src/ui/admin-settings). Reads the salon from the mirror and writes through commands, so it works offline.
 */
export function SettingsPage() {
  const t = useT();
  const session = useSession();
  const salon = useSalon();
  const reopenedNow = useReopened('settings');
  // A refused offline change comes back to its form (DESIGN.md §5.4); taken once, kept while the page is open.
  const [reopened, setReopened] = useState<Reopened | null>(null);
  useEffect(() => {
    if (!reopenedNow) return;
    reopenStore.set(null);
    setReopened(reopenedNow);
  }, [reopenedNow]);

  if (!session) return null;
  const access = { role: session.role, isOwner: session.isOwner };
  const of = (kind: string) => (reopened?.kind === kind ? reopened : null);
  const general = of(GENERAL_FORM_KIND);
  const flipped = of(SWITCH_FORM_KIND);
  const history = of(DELETE_HISTORY_FORM_KIND);

  return (
    <section className="page settings-page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.settings')}</h1>
      </div>
      {salon === undefined ? null : salon === null ? (
        <p className="section-note">{t('settings.notLoaded')}</p>
      ) : (
        <>
          <SettingsSection id="settings-general" title={t('settings.general')}>
            <GeneralSettingsForm
              key={general?.conflictId ?? 'form'}
              salon={salon}
              readOnly={!isAdministrator(access)}
              reopened={general ? { values: general.values as never, error: general.error, conflictId: general.conflictId } : null}
            />
          </SettingsSection>
          <SettingSwitches
            key={flipped?.conflictId ?? 'switches'}
            salon={salon}
            access={access}
            reopened={
              flipped ? { key: (flipped.values as { key: SettingSwitch }).key, error: flipped.error, conflictId: flipped.conflictId } : null
            }
          />
          {canArchiveHistory(access, salon.settings) ? (
            <DeleteHistory
              key={history?.conflictId ?? 'history'}
              salonId={salon.id}
              reopened={history ? { values: history.values as never, error: history.error, conflictId: history.conflictId } : null}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
