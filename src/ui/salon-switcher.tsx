import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { landingPath, canCreateSalon } from '../domain/roles';
import { useT } from '../i18n';
import { useSession } from './session/use-session';
import { dialogs } from './dialog-store';
import { FormMessage } from './form-message';
import { DropdownMenu, type MenuEntry } from './menu';
import { useServerErrorLater } from './use-server-error-later';

/** Salon switcher (part 2 §2): the user's salons and, for non-masters, "Create a new salon". */
export function SalonSwitcher() {
  const t = useT();
  const session = useSession();
  const navigate = useNavigate();
  const error = useServerErrorLater('default');
  const [busy, setBusy] = useState(false);
  if (!session) return null;

  const choose = async (salonId: string) => {
    if (salonId === session.salon || busy) return;
    error.clear();
    setBusy(true);
    try {
      const { switchSalon } = await import('./session/actions');
      const next = await switchSalon(salonId);
      await navigate({ to: landingPath(next.role, Boolean(next.salon)) });
    } catch (e) {
      error.report(e);
    } finally {
      setBusy(false);
    }
  };

  const salons =
    session.salons.length > 0 || !session.salon
      ? session.salons
      : [{ id: session.salon, name: session.salonName ?? '', role: session.role, isOwner: session.isOwner }];
  const items: MenuEntry[] = salons.map((s) => ({
    id: s.id,
    label: (
      <span className="salon-item">
        {s.name}
        {s.isOwner ? <span className="badge">{` ${t('salonSwitcher.ownerBadge')}`}</span> : null}
      </span>
    ),
    selected: s.id === session.salon,
    onAction: () => void choose(s.id),
  }));
  if (canCreateSalon(session))
    items.push({
      id: '__new',
      label: `+ ${t('salonSwitcher.create')}`,
      onAction: () => dialogs.open('newSalon'),
      separatorBefore: items.length > 0,
    });

  return (
    <div className="salon-switcher">
      <DropdownMenu
        ariaLabel={t('salonSwitcher.label')}
        label={<span className="salon-name">{session.salonName ?? t('salonSwitcher.label')}</span>}
        items={items}
      />
      {error.formError ? (
        <div className="popover-error">
          <FormMessage>{error.formError}</FormMessage>
        </div>
      ) : null}
    </div>
  );
}
