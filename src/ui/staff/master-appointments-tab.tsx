import { useLiveQuery } from 'dexie-react-hooks';
import { appointmentsOfMaster } from '../../db/queries/appointments';
import { invoicesOfAppointments } from '../../db/queries/invoices';
import { servicesByIds } from '../../db/queries/services';
import { lineNet } from '../../domain/rules/money';
import { nameIn } from '../../domain/rules/names';
import { useIntl, useLanguage, useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { useSyncDb } from '../sync/use-sync-state';
import { dayTimeText } from '../../domain/rules/time';

interface PaidAppointment {
  id: string;
  startAt: string;
  service: string;
  /** Sum of the invoice's SERVICE lines in cents (what the master's work was paid). */
  cents: number;
}

const cents = (price: string) => Math.round(Number(price) * 100);

/** The master's paid appointments from the mirror, newest first; archived ones only when Show Archive is on. */
function usePaidAppointments(masterId: string, showArchive: boolean): PaidAppointment[] | undefined {
  const db = useSyncDb();
  const { language } = useLanguage();
  return useLiveQuery(async () => {
    if (!db) return [];
    const appointments = (await appointmentsOfMaster(db, masterId)).filter((a) => showArchive || !a.archived);
    const invoices = await invoicesOfAppointments(
      db,
      appointments.map((a) => a.id),
    );
    const paid = new Map(invoices.filter((i) => i.paid).map((i) => [i.appointmentId as string, i]));
    const services = new Map(
      (await servicesByIds(db, [...new Set(appointments.map((a) => a.serviceId))])).flatMap((s) => (s ? [[s.id, s] as const] : [])),
    );
    return appointments
      .flatMap((a) => {
        const invoice = paid.get(a.id);
        if (!invoice) return [];
        const lines = invoice.items.filter((item) => item.type === 'SERVICE');
        const sum = lines.length
          ? lines.reduce((total, item) => total + lineNet(cents(item.price), item.quantity, item), 0)
          : cents(invoice.totalPrice);
        return [{ id: a.id, startAt: a.startAt, service: nameIn(services.get(a.serviceId)?.nameVariants, language), cents: sum }];
      })
      .sort((x, y) => y.startAt.localeCompare(x.startAt));
  }, [db, masterId, showArchive, language]);
}

/** The master dialog's appointments tab (part 2 §2): Date, Service, Price of paid appointments only. */
export function MasterAppointmentsTab({ masterId }: { masterId: string }) {
  const t = useT();
  const intl = useIntl();
  const rows = usePaidAppointments(masterId, Boolean(useSession()?.showArchive));
  if (!rows) return <p className="muted">{t('app.loading')}</p>;
  if (rows.length === 0) return <p className="empty">{t('master.appointments.empty')}</p>;
  return (
    <table className="table" aria-label={t('master.tab.appointments')}>
      <thead>
        <tr>
          <th scope="col">{t('client.appointments.date')}</th>
          <th scope="col">{t('client.appointments.service')}</th>
          <th scope="col">{t('client.appointments.price')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{dayTimeText(row.startAt)}</td>
            <td>{row.service || '—'}</td>
            <td>{intl.formatNumber(row.cents / 100, { style: 'currency', currency: 'EUR' })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
