import { useStore } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { Docs, request } from '../../api';
import { administratorName } from '../../domain/schemas/administrator';
import type { AdministratorRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { refreshViewer } from '../session/actions';
import { Button } from '../button';
import { useCommandForm } from '../command-form';
import { FormMessage } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { syncState } from '../../sync/sync-state';
import { useOnline } from '../use-online';
import { YesNoDialog } from '../yes-no-dialog';
import { SettingsSection } from '../settings-section';

const choice = v.object({ administratorId: v.pipe(v.string(), v.nonEmpty('common.select')) });
type Choice = { administratorId: string };

/**
 * Owner Settings: hand the salon over to one of its administrators, after a Yes/No confirmation. Online only
 * (it changes who may do what, so it is not queued); the old owner stays an administrator and leaves the
 * owner's screens at once.
 */
export function TransferOwnership({
  salonId,
  salonName,
  administrators,
}: {
  salonId: string;
  salonName: string;
  administrators: AdministratorRow[];
}) {
  const t = useT();
  const online = useOnline();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<AdministratorRow | null>(null);
  const [busy, setBusy] = useState(false);
  // Submitting asks Yes/No first; Yes sends (transfer).
  const { form, server } = useCommandForm<Choice>({
    operation: 'ownerSettings',
    schema: choice,
    defaultValues: { administratorId: '' },
    send: async (value) => setConfirming(administrators.find((a) => a.id === value.administratorId) ?? null),
  });
  const chosen = useStore(form.store, (s) => s.values.administratorId);

  const transfer = async (to: AdministratorRow) => {
    setBusy(true);
    try {
      await request(Docs.TransferSalonOwnershipDocument, { input: { salonId, administratorId: to.id } });
      syncState.get().kick();
      await refreshViewer();
      setConfirming(null);
      await navigate({ to: '/salon/appointments' });
    } catch (error) {
      server.report(error);
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  };

  // The e-mail tells two people of the same name apart.
  const options = administrators.map((a) => ({ value: a.id, label: `${administratorName(a)} (${a.email})` }));
  return (
    <SettingsSection id="owner-transfer" title={t('ownerSettings.transfer')} note={t('ownerSettings.transfer.note')}>
      {administrators.length === 0 ? (
        <p className="section-note">{t('ownerSettings.transfer.none')}</p>
      ) : (
        <FormShell form={form} server={server}>
          {online ? null : <FormMessage kind="info">{t('ownerSettings.transfer.offline')}</FormMessage>}
          <form.AppField name="administratorId">
            {(field) => <field.Select label={t('ownerSettings.transfer.to')} options={options} />}
          </form.AppField>
          <FormMessage>{server.formError}</FormMessage>
          <div className="form-actions">
            {online && chosen ? (
              <SubmitButton form={form}>{t('ownerSettings.transfer.button')}</SubmitButton>
            ) : (
              <Button variant="primary" isDisabled>
                {t('ownerSettings.transfer.button')}
              </Button>
            )}
          </div>
        </FormShell>
      )}
      {confirming ? (
        <YesNoDialog
          title={t('ownerSettings.transfer')}
          question={t('ownerSettings.transfer.question', { name: administratorName(confirming), salon: salonName })}
          isYesDisabled={busy}
          onYes={() => void transfer(confirming)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </SettingsSection>
  );
}
