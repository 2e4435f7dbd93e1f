import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useT } from '../i18n';
import { Button } from './button';
import { Dialog } from './dialog';
import { dialogs } from './dialog-store';
import { FormMessage } from './form-message';
import { sendPending } from '../sync/send-pending';

/**
 * Sign Out (part 1 §4: logout clears the user and cached data). Signing out deletes this profile's database,
 * so queued changes are sent first; those that cannot be (offline) are named and lost only if the user says so.
 */
export function SignOutDialog() {
  const t = useT();
  const navigate = useNavigate();
  const [unsent, setUnsent] = useState<number | null>(null);
  const signOut = async () => {
    const { logout } = await import('./session/actions');
    await logout();
    dialogs.close();
    await navigate({ to: '/' });
  };
  useEffect(() => {
    let live = true;
    void sendPending(navigator.onLine ? 10000 : 0).then((left) => {
      if (!live) return;
      if (left === 0) void signOut();
      else setUnsent(left);
    });
    return () => {
      live = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Dialog title={t('signOut.title')} isOpen onClose={dialogs.close} size="sm">
      {unsent === null ? (
        <p className="muted" role="status">
          {t('signOut.sending')}
        </p>
      ) : (
        <div className="stack">
          <FormMessage>{t('signOut.unsent', { count: unsent })}</FormMessage>
          <div className="form-actions">
            <Button variant="ghost" onPress={dialogs.close} autoFocus>
              {t('signOut.stay')}
            </Button>
            <Button variant="danger" onPress={() => void signOut()}>
              {t('signOut.anyway')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
