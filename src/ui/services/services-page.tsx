import { useEffect, useMemo, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import type { ServerErrorShape } from '../../domain/errors';
import { formatEuros } from '../../domain/rules/money';
import { nameIn } from '../../domain/rules/names';
import { fuzzyFilter } from '../../domain/rules/search';
import type { ServiceFormValues, ServiceGroupFormValues } from '../../domain/schemas/service';
import type { ServiceGroupRow, ServiceRow } from '../../domain/entities';
import { useLanguage, useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { DeleteServiceDialog, ServiceDialog, ServiceGroupDialog } from './service-dialogs';
import { useServiceGroups, useServices } from './use-services';
import { reopenStore, useReopened } from '../sync/reopen-store';
import { usePendingRows } from '../sync/use-pending';
import { isAdministrator } from '../../domain/roles';
import { useKeptText } from '../area-state';

type Open =
  | { kind: 'group'; groupId: string | null; values?: ServiceGroupFormValues; refusal?: ServerErrorShape; conflictId?: number }
  | {
      kind: 'service';
      serviceId: string | null;
      groupId: string;
      values?: ServiceFormValues & { groupId?: string };
      refusal?: ServerErrorShape;
      conflictId?: number;
    }
  | { kind: 'deleteGroup'; groupId: string }
  | { kind: 'deleteService'; serviceId: string }
  | null;

type NamedGroup = ServiceGroupRow & { name: string };
type NamedService = ServiceRow & { name: string };

/**
 * Services settings (part 2 §2): a search box, Add new group, and the groups with their services (name,
 * duration in minutes, price, Edit and Delete). Reads the mirror and writes through the service commands,
 * so it works offline; masters only read.
 */
export function ServicesPage() {
  const t = useT();
  const { language } = useLanguage();
  const session = useSession();
  const groups = useServiceGroups();
  const services = useServices();
  const pending = usePendingRows();
  const [query, setQuery] = useKeptText('services.search');
  const [open, setOpen] = useState<Open>(null);
  const reopenedGroup = useReopened('serviceGroup');
  const reopenedService = useReopened('service');
  const mayEdit = isAdministrator({ role: session?.role ?? 'MASTER', isOwner: Boolean(session?.isOwner) });

  // A refused offline change comes back to its form (DESIGN.md §5.4).
  useEffect(() => {
    if (!reopenedGroup) return;
    reopenStore.set(null);
    const { groupId, ...values } = reopenedGroup.values as ServiceGroupFormValues & { groupId?: string | null };
    setOpen({ kind: 'group', groupId: groupId ?? null, values, refusal: reopenedGroup.error, conflictId: reopenedGroup.conflictId });
  }, [reopenedGroup]);
  useEffect(() => {
    if (!reopenedService) return;
    reopenStore.set(null);
    const { serviceId, ...values } = reopenedService.values as ServiceFormValues & { groupId: string; serviceId?: string | null };
    setOpen({
      kind: 'service',
      serviceId: serviceId ?? null,
      groupId: values.groupId,
      values,
      refusal: reopenedService.error,
      conflictId: reopenedService.conflictId,
    });
  }, [reopenedService]);

  const namedGroups: NamedGroup[] = useMemo(
    () => (groups ?? []).map((g) => ({ ...g, name: nameIn(g.nameVariants, language) })),
    [groups, language],
  );
  const namedServices: NamedService[] = useMemo(
    () =>
      (services ?? [])
        .map((s) => ({ ...s, name: nameIn(s.nameVariants, language) }))
        .sort((a, b) => a.name.localeCompare(b.name, language)),
    [services, language],
  );

  /** A group matching the search shows all its services; otherwise it shows the services that match. */
  const shown = useMemo(() => {
    const q = query.trim();
    const byGroup = (groupId: string, list: NamedService[]) => list.filter((s) => s.groupId === groupId);
    if (!q) return namedGroups.map((g) => ({ group: g, services: byGroup(g.id, namedServices) }));
    const groupHits = new Set(fuzzyFilter(namedGroups, ['name'], q).map((g) => g.id));
    const serviceHits = fuzzyFilter(namedServices, ['name'], q);
    return namedGroups
      .map((g) => ({ group: g, services: groupHits.has(g.id) ? byGroup(g.id, namedServices) : byGroup(g.id, serviceHits) }))
      .filter((entry) => groupHits.has(entry.group.id) || entry.services.length > 0);
  }, [namedGroups, namedServices, query]);

  const loading = groups === undefined || services === undefined;
  const noServices = !loading && namedServices.length === 0;

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.services')}</h1>
      </div>
      <div className="toolbar">
        <SearchField className="search-field" value={query} onChange={setQuery}>
          <Label className="visually-hidden">{t('services.search')}</Label>
          <Input className="field-input" placeholder={t('services.search')} />
        </SearchField>
        {mayEdit ? (
          <Button variant="primary" onPress={() => setOpen({ kind: 'group', groupId: null })}>
            {t('services.addGroup')}
          </Button>
        ) : null}
      </div>
      {loading ? <p className="muted">{t('app.loading')}</p> : null}
      {noServices ? <p className="empty">{t('services.empty')}</p> : null}
      {!loading && query.trim() && shown.length === 0 ? <p className="empty">{t('services.noMatches')}</p> : null}
      {shown.map(({ group, services: list }) => (
        <section key={group.id} className="service-group" aria-labelledby={`group-${group.id}`}>
          <div className="service-group-header">
            <h2 id={`group-${group.id}`} className="service-group-title">
              {group.name}
              {group.type ? <span className="muted service-group-type"> · {t(`serviceGroup.type.${group.type}`)}</span> : null}
              {pending.has(`serviceGroups:${group.id}`) ? <span className="badge badge-pending">{t('status.pendingBadge')}</span> : null}
            </h2>
            {mayEdit ? (
              <div className="table-actions">
                <Button
                  variant="ghost"
                  aria-label={`${t('services.addService')} ${group.name}`}
                  onPress={() => setOpen({ kind: 'service', serviceId: null, groupId: group.id })}
                >
                  {t('services.addService')}
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`${t('services.editGroup')} ${group.name}`}
                  onPress={() => setOpen({ kind: 'group', groupId: group.id })}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`${t('services.deleteGroup')} ${group.name}`}
                  onPress={() => setOpen({ kind: 'deleteGroup', groupId: group.id })}
                >
                  {t('common.delete')}
                </Button>
              </div>
            ) : null}
          </div>
          {list.length === 0 ? (
            <p className="empty">{t('services.groupEmpty')}</p>
          ) : (
            // A narrow phone scrolls the table inside its box, not the page (issue 63).
            <div className="table-scroll">
              <table className="table" aria-label={group.name}>
                <thead>
                  <tr>
                    <th scope="col">{t('services.name')}</th>
                    <th scope="col">{t('services.duration')}</th>
                    <th scope="col">{t('services.price')}</th>
                    {mayEdit ? <th scope="col">{t('services.actions')}</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {list.map((s) => (
                    <tr key={s.id}>
                      <td>
                        <span className="legend-swatch service-swatch" style={{ background: s.color }} aria-hidden />
                        {s.name}
                        {pending.has(`services:${s.id}`) ? <span className="badge badge-pending">{t('status.pendingBadge')}</span> : null}
                      </td>
                      <td>{t('services.minutes', { minutes: s.duration })}</td>
                      <td>{formatEuros(s.price, language)}</td>
                      {mayEdit ? (
                        <td className="table-actions">
                          <Button
                            variant="ghost"
                            aria-label={`${t('common.edit')} ${s.name}`}
                            onPress={() => setOpen({ kind: 'service', serviceId: s.id, groupId: s.groupId })}
                          >
                            {t('common.edit')}
                          </Button>
                          <Button
                            variant="ghost"
                            aria-label={`${t('common.delete')} ${s.name}`}
                            onPress={() => setOpen({ kind: 'deleteService', serviceId: s.id })}
                          >
                            {t('common.delete')}
                          </Button>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
      {open?.kind === 'group' ? (
        <ServiceGroupDialog
          group={open.groupId ? (groups?.find((g) => g.id === open.groupId) ?? null) : null}
          initialValues={open.values}
          refusal={open.refusal}
          conflictId={open.conflictId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'service' ? (
        <ServiceDialog
          service={open.serviceId ? (services?.find((s) => s.id === open.serviceId) ?? null) : null}
          groupId={open.groupId}
          initialValues={open.values}
          refusal={open.refusal}
          conflictId={open.conflictId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'deleteGroup' ? (
        <DeleteServiceDialog
          target={groups?.find((g) => g.id === open.groupId) ? { group: groups.find((g) => g.id === open.groupId)! } : null}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'deleteService' ? (
        <DeleteServiceDialog
          target={services?.find((s) => s.id === open.serviceId) ? { service: services.find((s) => s.id === open.serviceId)! } : null}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}
