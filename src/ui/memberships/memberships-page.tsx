import { useCallback, useMemo, useState } from 'react';
import type { ServerErrorShape } from '../../domain/errors';
import { nextSerialNumber, type MembershipFormValues } from '../../domain/schemas/membership';
import { useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { fullName, useSalonClients } from '../salon/use-clients';
import { ConfirmDeleteDialog } from '../list-page/confirm-delete-dialog';
import { ListState, PendingBadge } from '../list-page/list-parts';
import { useReopenedForm } from '../list-page/use-reopened-form';
import { blankMembershipForm, MembershipFormDialog } from './membership-form-dialog';
import { MembershipShowDialog } from './membership-show-dialog';
import { useMembershipServices, useMemberships } from './use-memberships';
import { submitCommand } from '../../sync/submit-command';
import { usePendingRows } from '../sync/use-pending';
import { isAdministrator } from '../../domain/roles';

type Open =
  | { kind: 'form'; values: MembershipFormValues; refusal?: ServerErrorShape; conflictId?: number }
  | { kind: 'show'; id: string }
  | { kind: 'delete'; id: string }
  | null;

/**
 * Memberships (part 1 §2): title, Create new membership, and a table of Serial number, Client, Number of uses
 * and Actions (Show, Delete); 'You don't have memberships yet' when there are none. Reads the mirror and writes
 * through the membership commands, so it works offline; unconfirmed rows are marked pending.
 */
export function MembershipsPage() {
  const t = useT();
  const session = useSession();
  const memberships = useMemberships();
  const clients = useSalonClients();
  const { services } = useMembershipServices();
  const pending = usePendingRows();
  const [open, setOpen] = useState<Open>(null);
  const mayManage = session ? isAdministrator(session) : false;
  useReopenedForm<MembershipFormValues>(
    'membership',
    'membershipId',
    (form) => form.values && setOpen({ kind: 'form', values: form.values, refusal: form.refusal, conflictId: form.conflictId }),
  );

  const clientName = useMemo(() => {
    const byId = new Map((clients ?? []).map((c) => [c.id, fullName(c)]));
    return (id: string) => byId.get(id) ?? '';
  }, [clients]);
  const serviceName = useMemo(() => {
    const byId = new Map((services ?? []).map((s) => [s.id, s.deleted ? t('membership.deletedService', { name: s.name }) : s.name]));
    return (id: string) => byId.get(id) ?? '';
  }, [services, t]);
  const find = useCallback((id: string) => memberships?.find((m) => m.id === id) ?? null, [memberships]);
  const shown = open?.kind === 'show' ? find(open.id) : null;
  const deleting = open?.kind === 'delete' ? find(open.id) : null;

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('memberships.title')}</h1>
        {mayManage ? (
          <Button
            variant="primary"
            isDisabled={!memberships}
            onPress={() => setOpen({ kind: 'form', values: blankMembershipForm(nextSerialNumber(memberships ?? [])) })}
          >
            {t('memberships.create')}
          </Button>
        ) : null}
      </div>
      <ListState all={memberships} shown={memberships?.length ?? 0} empty={t('memberships.empty')} />
      {memberships && memberships.length > 0 ? (
        <div className="table-scroll">
          <table className="table" aria-label={t('memberships.title')}>
            <thead>
              <tr>
                <th scope="col">{t('memberships.serialNumber')}</th>
                <th scope="col">{t('memberships.client')}</th>
                <th scope="col">{t('memberships.uses')}</th>
                <th scope="col">{t('memberships.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {memberships.map((m) => (
                <tr key={m.id}>
                  <td>
                    {m.serialNumber}
                    <PendingBadge pending={pending.has(`memberships:${m.id}`)} />
                  </td>
                  <td>{clientName(m.clientId) || '—'}</td>
                  <td>{t('memberships.usesOf', { used: m.totalUses, quantity: m.quantity })}</td>
                  <td className="table-actions">
                    <Button
                      variant="ghost"
                      aria-label={`${t('memberships.show')} ${m.serialNumber}`}
                      onPress={() => setOpen({ kind: 'show', id: m.id })}
                    >
                      {t('memberships.show')}
                    </Button>
                    {mayManage ? (
                      <Button
                        variant="ghost"
                        aria-label={`${t('common.delete')} ${m.serialNumber}`}
                        onPress={() => setOpen({ kind: 'delete', id: m.id })}
                      >
                        {t('common.delete')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {open?.kind === 'form' ? (
        <MembershipFormDialog
          initialValues={open.values}
          refusal={open.refusal}
          conflictId={open.conflictId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {shown ? (
        <MembershipShowDialog
          membership={shown}
          clientName={clientName(shown.clientId)}
          serviceName={serviceName}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDeleteDialog
          title={t('membership.delete.title')}
          question={deleting ? t('membership.delete.question', { serialNumber: deleting.serialNumber }) : t('membership.notExists')}
          operation="membership"
          run={deleting ? () => submitCommand('membership.delete', { id: deleting.id }, { form: null, wait: false }) : null}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}
