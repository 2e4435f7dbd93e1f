import { useLiveQuery } from 'dexie-react-hooks';
import { appointmentsOfClient } from '../../db/queries/appointments';
import { invoiceOfAppointment, invoicesOfAppointments } from '../../db/queries/invoices';
import { productsByIds } from '../../db/queries/inventory';
import { cabinetById } from '../../db/queries/setup';
import { serviceById } from '../../db/queries/services';
import { masterById } from '../../db/queries/staff';
import { formatEuros } from '../../domain/rules/money';
import { nameIn } from '../../domain/rules/names';
import type { AppointmentRow } from '../../domain/entities';
import { useIntl, useLanguage, useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { clientDialogs } from '../clients/client-dialogs';
import { clientById } from '../../db/queries/clients';
import { useSyncDb } from '../sync/use-sync-state';
import { dayText } from '../../domain/rules/time';
import { lastBoughtProduct } from '../../domain/rules/client-history';
import { outcomeCounts } from '../../domain/rules/outcomes';

/**
 * What the hover popup of a card says (part 1 §2), also in Edit Appointment, where a finger finds it (issue 63):
 * created by, master or cabinet, the client's last appointment date, last service and last price, the
 * appointment's and the client's notes, the client's no-shows and late cancellations when there are any (decision 079),
 * products bought, and 'All appointments' (not for masters) opening the
 * client dialog. Everything from the mirror. `named`: the client's name first (the popup of a card; the Edit dialog
 * shows it in its form).
 */
export function AppointmentDetails({ appointment: a, named = false }: { appointment: AppointmentRow; named?: boolean }) {
  const t = useT();
  const intl = useIntl();
  const { language } = useLanguage();
  const db = useSyncDb();
  const isMaster = useSession()?.role === 'MASTER';
  const info = useLiveQuery(async () => {
    if (!db) return null;
    const [master, cabinet, client] = await Promise.all([
      a.masterId ? masterById(db, a.masterId) : undefined,
      a.cabinetId ? cabinetById(db, a.cabinetId) : undefined,
      a.clientId ? clientById(db, a.clientId) : undefined,
    ]);
    const all = a.clientId ? await appointmentsOfClient(db, a.clientId) : [];
    const history = all.filter((x) => x.startAt < a.startAt && !x.archived);
    const last = history.sort((x, y) => y.startAt.localeCompare(x.startAt))[0];
    const [lastService, lastInvoice] = last
      ? await Promise.all([serviceById(db, last.serviceId), invoiceOfAppointment(db, last.id)])
      : [undefined, undefined];
    const invoices = a.clientId
      ? await invoicesOfAppointments(
          db,
          history.map((h) => h.id),
        )
      : [];
    // One product: the latest bought (part 1 §9 'client bought-items lookup limit 1 product').
    const productId = lastBoughtProduct(history, new Map(invoices.map((i) => [i.appointmentId as string, i])));
    const products = productId ? (await productsByIds(db, [productId])).flatMap((p) => (p ? [p.name] : [])) : [];
    return {
      provider: [master ? `${master.firstName} ${master.lastName}`.trim() : null, cabinet ? nameIn(cabinet.nameVariants, language) : null]
        .filter(Boolean)
        .join(' · '),
      last,
      lastService: lastService ? nameIn(lastService.nameVariants, language) : null,
      lastPrice: lastInvoice?.totalPrice ?? lastService?.price ?? null,
      products,
      clientNotes: client?.notes ?? '',
      clientName: client ? `${client.firstName} ${client.lastName}`.trim() : null,
      missed: outcomeCounts(all),
    };
  }, [db, a, language]);
  const money = (p: string | null) => (p === null ? '—' : formatEuros(p, intl.locale));
  return (
    <>
      {named ? (
        <p className="hover-card-title" data-testid="hover-card-client">
          {a.clientId ? (info?.clientName ?? '…') : t('timetable.walkIn')}
        </p>
      ) : null}
      <dl className="hover-card-list">
        <dt>{t('hoverCard.createdBy')}</dt>
        <dd>{t(`appointment.author.${a.authorRole}`)}</dd>
        <dt>{t('hoverCard.provider')}</dt>
        <dd>{info?.provider || '—'}</dd>
        <dt>{t('hoverCard.lastAppointment')}</dt>
        <dd>{info?.last ? dayText(info.last.startAt) : '—'}</dd>
        <dt>{t('hoverCard.lastService')}</dt>
        <dd>{info?.lastService ?? '—'}</dd>
        <dt>{t('hoverCard.lastPrice')}</dt>
        <dd>{info?.last ? money(info.lastPrice) : '—'}</dd>
        <dt>{t('hoverCard.notes')}</dt>
        <dd>{a.notes || '—'}</dd>
        {info?.clientNotes ? (
          <>
            <dt>{t('hoverCard.clientNotes')}</dt>
            <dd>{info.clientNotes}</dd>
          </>
        ) : null}
        {info && (info.missed.noShows > 0 || info.missed.lateCancels > 0) ? (
          <>
            <dt>{t('hoverCard.missed')}</dt>
            <dd data-testid="hover-card-missed">{t('hoverCard.missedCounts', { ...info.missed })}</dd>
          </>
        ) : null}
        <dt>{t('hoverCard.products')}</dt>
        <dd>{info?.products.length ? info.products.join(', ') : '—'}</dd>
      </dl>
      {!isMaster && a.clientId ? (
        <button
          type="button"
          className="btn btn-link"
          onClick={() => clientDialogs.open({ kind: 'view', clientId: a.clientId as string, tab: 'appointments' })}
        >
          {t('hoverCard.allAppointments')}
        </button>
      ) : null}
    </>
  );
}
