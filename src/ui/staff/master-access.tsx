import { useState } from 'react';
import { Docs, request } from '../../api';
import type { MasterAccessFieldsFragment } from '../../api/generated';
import type { MasterRow } from '../../domain/entities';
import { dayTimeText } from '../../domain/rules/time';
import { formatPhoneAsTyped } from '../../domain/schemas/phone';
import { useLanguage, useT } from '../../i18n';
import { Button } from '../button';
import { FormMessage } from '../form-message';
import { OfflineNote } from '../offline-note';
import { queryClient } from '../query-client';
import { useOnline } from '../use-online';
import { useServerError } from '../use-server-error';
import { YesNoDialog } from '../yes-no-dialog';
import { useServerQuery } from '../use-server-query';
import { fullName } from '../salon/use-clients';
import { useSalonSettings } from '../salon/use-salon';

const key = (salonId: string, masterId: string) => ['getMasterAccess', salonId, masterId];

/**
 * Panel access in Edit master (issue 63): whether the master signs in, the invitation by e-mail (sent again
 * when it expired) and revoking. Online only: the state is read from the server and kept for offline (with
 * OfflineNote); invite and revoke wait for the answer and show a refusal here.
 */
export function MasterAccess({ master }: { master: MasterRow }) {
  const t = useT();
  const { language } = useLanguage();
  const online = useOnline();
  const settings = useSalonSettings();
  const server = useServerError('masterAccess');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const query = useServerQuery({
    queryKey: key(master.salonId, master.id),
    queryFn: async () => (await request(Docs.GetMasterAccessDocument, { salon: master.salonId, master: master.id })).getMasterAccess,
    enabled: online,
  });
  const access = query.data;

  const run = async (write: () => Promise<MasterAccessFieldsFragment>, message: (a: MasterAccessFieldsFragment) => string) => {
    setBusy(true);
    setDone(null);
    server.clear();
    try {
      const next = await write();
      queryClient.setQueryData(key(master.salonId, master.id), next);
      setDone(message(next));
    } catch (error) {
      server.report(error);
    } finally {
      setBusy(false);
    }
  };
  const input = { salonId: master.salonId, masterId: master.id, lang: language };
  const invite = (channel: 'EMAIL' | 'SMS') =>
    run(
      async () => (await request(Docs.InviteMasterDocument, { input: { ...input, channel } })).inviteMaster,
      (a) => t('master.access.sent', { email: sentTo(a) }),
    );
  const revoke = () => {
    setConfirming(false);
    void run(
      async () => (await request(Docs.RevokeMasterAccessDocument, { input })).revokeMasterAccess,
      () => t('master.access.revoked'),
    );
  };

  const state = access?.state ?? null;
  const date = access?.expiresAt ? dayTimeText(new Date(access.expiresAt)) : '';
  const canInvite = state === 'NONE' || state === 'INVITED' || state === 'EXPIRED';
  // Mail goes to the linked account's address (none yet after an SMS to a master without one), else the master's.
  const mailable = Boolean(state && state !== 'NONE' ? access?.email : master.email);
  const needsEmail = canInvite && !mailable;
  // By SMS (decision 084): a master without an e-mail chooses one with the first password.
  const bySms = canInvite && Boolean(master.phone);
  const sentTo = (a: MasterAccessFieldsFragment | undefined) => {
    const to = a?.sentTo ?? a?.email ?? '';
    return to.startsWith('+') ? formatPhoneAsTyped(to) : to;
  };
  const loginOff = settings !== null && !settings.masterPanelLogin;
  return (
    <section className="master-access stack" aria-labelledby="master-access-title" data-testid="master-access">
      <h3 id="master-access-title" className="section-title">
        {t('master.access.title')}
      </h3>
      <OfflineNote online={online} updatedAt={query.dataUpdatedAt} />
      {state ? (
        <p className="section-note" data-state={state}>
          {t(`master.access.${state}`, { name: fullName(master), email: sentTo(access), date })}
        </p>
      ) : null}
      {needsEmail && !bySms ? <p className="section-note">{t('master.access.needsEmail')}</p> : null}
      {loginOff && state !== 'ACTIVE' ? <FormMessage kind="info">{t('master.access.loginOffHint')}</FormMessage> : null}
      <FormMessage>{server.formError ?? server.forField('email') ?? server.forField('phone')}</FormMessage>
      <FormMessage kind="success">{done}</FormMessage>
      {state ? (
        <div className="form-actions">
          {state !== 'NONE' ? (
            <Button variant="ghost" isDisabled={!online} isPending={busy} onPress={() => setConfirming(true)}>
              {t('master.access.revoke')}
            </Button>
          ) : null}
          {bySms ? (
            <Button variant={needsEmail ? 'primary' : 'secondary'} isDisabled={!online} isPending={busy} onPress={() => void invite('SMS')}>
              {t(state === 'NONE' ? 'master.access.inviteSms' : 'master.access.resendSms')}
            </Button>
          ) : null}
          {canInvite && !(bySms && needsEmail) ? (
            <Button variant="primary" isDisabled={!online || needsEmail} isPending={busy} onPress={() => void invite('EMAIL')}>
              {t(state === 'NONE' ? 'master.access.invite' : 'master.access.resend')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {confirming ? (
        <YesNoDialog
          title={t('master.access.revoke')}
          question={t('master.access.revoke.question', { name: fullName(master) })}
          onYes={revoke}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
