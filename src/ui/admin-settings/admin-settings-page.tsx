import { useEffect, useState } from 'react';
import { canManageSubscription, isAdministrator } from '../../domain/roles';
import { useT } from '../../i18n';
import { CLIENT_MESSAGES_FORM_KIND, ClientMessagesForm } from '../client-messages/client-messages-form';
import { MESSAGE_TEMPLATE_FORM_KIND, MessageTemplatesForm } from '../client-messages/message-templates-form';
import { useSalon } from '../salon/use-salon';
import { useSession } from '../session/use-session';
import { SettingsSection } from '../settings-section';
import { BillingSection } from '../subscription/billing-section';
import { reopenStore, useReopened, type Reopened } from '../sync/reopen-store';

/** The forms this page owns; a refused change of one comes back here (src/domain/commands/catalogue.ts). */
const KINDS = new Set([CLIENT_MESSAGES_FORM_KIND, MESSAGE_TEMPLATE_FORM_KIND]);

/**
 * Admin settings (part 2 §2 "/salon/admin-settings, linked from the menu"; issue 60 item 6): the home of the
 * administrators' settings that reach past the salon's own setup: the messages sent to clients and their texts
 * (issue 57), and the subscription and its invoices. Online booking, import and export have pages of their own in the Settings menu.
 * The forms write through commands, so they work offline like General Settings.
 */
export function AdminSettingsPage() {
  const t = useT();
  const session = useSession();
  const salon = useSalon();
  const reopenedNow = useReopened('settings');
  const [reopened, setReopened] = useState<Reopened | null>(null);
  useEffect(() => {
    if (!reopenedNow || !KINDS.has(reopenedNow.kind)) return;
    reopenStore.set(null);
    setReopened(reopenedNow);
  }, [reopenedNow]);

  if (!session) return null;
  const access = { role: session.role, isOwner: session.isOwner };
  const of = (kind: string) => (reopened?.kind === kind ? reopened : null);
  const messages = of(CLIENT_MESSAGES_FORM_KIND);
  const template = of(MESSAGE_TEMPLATE_FORM_KIND);
  return (
    <section className="page settings-page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.adminSettings')}</h1>
      </div>
      {salon === undefined ? null : salon === null ? (
        <p className="section-note">{t('settings.notLoaded')}</p>
      ) : (
        <>
          <ClientMessagesForm
            key={messages?.conflictId ?? 'client-messages'}
            salon={salon}
            readOnly={!isAdministrator(access)}
            reopened={messages ? { values: messages.values as never, error: messages.error, conflictId: messages.conflictId } : null}
          />
          <MessageTemplatesForm
            key={template?.conflictId ?? 'message-templates'}
            salon={salon}
            readOnly={!isAdministrator(access)}
            reopened={template ? { values: template.values as never, error: template.error, conflictId: template.conflictId } : null}
          />
          {canManageSubscription(session) ? (
            <SettingsSection id="admin-billing" title={t('adminSettings.billing')} note={t('adminSettings.billing.note')}>
              <BillingSection salonId={salon.id} />
            </SettingsSection>
          ) : null}
        </>
      )}
    </section>
  );
}
