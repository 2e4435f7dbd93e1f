import Dexie from 'dexie';
import type { ExportSource } from '../../domain/rules/export';
import type { SalonDb } from '../salon-db';
import { salonClients } from './clients';
import { salonManufacturers, salonProducts } from './inventory';
import { reportSource } from './report-source';
import { salonServices } from './services';
import { salonCabinets, salonServiceGroups } from './setup';
import { salonAdministrators, salonMasters } from './staff';

export type ExportRows = Omit<ExportSource, 'language' | 'timeZone' | 'timeFormat' | 'range'>;

/**
 * What the export reads of the mirror (src/domain/rules/export.ts): the salon's lists, and the appointments and
 * invoices of a range of salon days as the Report reads them, or every one of them when `range` is null.
 */
export async function exportRows(db: SalonDb, salonId: string, range: { from: string; to: string } | null): Promise<ExportRows> {
  const dated = range
    ? reportSource(db, salonId, range.from, range.to)
    : Promise.all([
        db.mirror('appointments').where('[salonId+startAt]').between([salonId, Dexie.minKey], [salonId, Dexie.maxKey]).toArray(),
        db.mirror('invoices').where('salonId').equals(salonId).toArray(),
      ]).then(([appointments, invoices]) => ({ appointments, invoices }));
  const [{ appointments, invoices }, masters, administrators, cabinets, serviceGroups, services, clients, manufacturers, products] =
    await Promise.all([
      dated,
      salonMasters(db, salonId),
      salonAdministrators(db, salonId),
      salonCabinets(db, salonId),
      salonServiceGroups(db, salonId),
      salonServices(db, salonId),
      salonClients(db, salonId),
      salonManufacturers(db, salonId),
      salonProducts(db, salonId),
    ]);
  return { appointments, invoices, masters, administrators, cabinets, serviceGroups, services, clients, manufacturers, products };
}
