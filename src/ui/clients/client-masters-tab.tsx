import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Checkbox, CheckboxGroup, Label } from 'react-aria-components';
import { salonMasters } from '../../db/queries/staff';
import type { ClientRow, MasterRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { FormMessage } from '../form-message';
import { submitCommand } from '../../sync/submit-command';
import { useSyncDb } from '../sync/use-sync-state';
import { useServerError } from '../use-server-error';
import { clientDialogs } from './client-dialogs';

/**
 * The client dialog's masters tab (part 1 §2): every master of the salon with a check for the client's
 * default masters; Save writes them through `client.setDefaultMasters`, offline too.
 */
export function ClientMastersTab({ client }: { client: ClientRow }) {
  const t = useT();
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  const server = useServerError('defaultMasters');
  const masters = useLiveQuery(
    async () =>
      db && salonId
        ? (await salonMasters(db, salonId)).sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`))
        : [],
    [db, salonId],
  ) as MasterRow[] | undefined;
  const saved = client.defaultMasterIds ?? [];
  const [selected, setSelected] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const current = selected ?? saved;
  const changed = selected !== null && [...selected].sort().join() !== [...saved].sort().join();
  if (!masters) return <p className="muted">{t('app.loading')}</p>;
  if (masters.length === 0) return <p className="empty">{t('client.masters.empty')}</p>;
  const save = async () => {
    server.clear();
    setBusy(true);
    try {
      await submitCommand('client.setDefaultMasters', { salon: client.salonId, client: client.id, masters: current }, { form: null });
      setSelected(null);
    } catch (error) {
      server.report(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stack">
      <CheckboxGroup className="checklist" value={current} onChange={setSelected}>
        <Label className="field-label">{t('client.masters.label')}</Label>
        {masters.map((m) => (
          <Checkbox key={m.id} value={m.id} className="choice">
            <span className="choice-box" aria-hidden />
            {`${m.firstName} ${m.lastName}`.trim()}
          </Checkbox>
        ))}
      </CheckboxGroup>
      <FormMessage>{server.formError ?? server.forField('masters')}</FormMessage>
      <div className="form-actions">
        <Button variant="ghost" onPress={() => (changed ? setSelected(null) : clientDialogs.close())}>
          {t('common.cancel')}
        </Button>
        <Button variant="primary" isDisabled={!changed || busy} onPress={() => void save()}>
          {t('common.save')}
        </Button>
      </div>
    </div>
  );
}
