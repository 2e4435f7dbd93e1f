import { useLiveQuery } from 'dexie-react-hooks';
import { invoiceOfAppointment } from '../../db/queries/invoices';
import { membershipsOfClient } from '../../db/queries/memberships';
import { salonProducts } from '../../db/queries/inventory';
import { salonCabinets } from '../../db/queries/setup';
import { salonServices } from '../../db/queries/services';
import { salonAdministrators, salonMasters } from '../../db/queries/staff';
import { membershipForInvoice } from '../../domain/rules/invoice';
import { nameIn } from '../../domain/rules/names';
import type { InvoiceItemType } from '../../domain/schemas/invoice';
import type { AppointmentRow, InvoiceItemRow, InvoiceRow, MembershipRow } from '../../domain/entities';
import { useLanguage } from '../../i18n';
import { useSyncDb } from '../sync/use-sync-state';

/** Something an invoice line sells: a service or a product of the salon. */
export interface EntityChoice {
  id: string;
  type: InvoiceItemType;
  name: string;
  /** Decimal string ('12.50'). */
  price: string;
  /** A product's stock; null for a service. */
  stock: number | null;
}

/** Who may sell a line: the salon's administrators and masters (part 1 §7 getAdministrators), or a cabinet. */
export interface SellerChoice {
  id: string;
  name: string;
  kind: NonNullable<InvoiceItemRow['sellerType']>;
}

export interface InvoiceData {
  invoice: InvoiceRow | null;
  /** 'Membership for an invoice' (part 1 §4); null: MEMBERSHIP is not offered. */
  membership: MembershipRow | null;
  services: EntityChoice[];
  /** Products for sale (not those for use). */
  products: EntityChoice[];
  sellers: SellerChoice[];
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The appointment's invoice and what its lines may name, live from the mirror (works offline). */
export function useInvoiceData(appointment: AppointmentRow): InvoiceData | undefined {
  const db = useSyncDb();
  const { language } = useLanguage();
  return useLiveQuery(async () => {
    if (!db) return undefined;
    const salonId = appointment.salonId;
    const [invoice, memberships, services, products, masters, administrators, cabinets] = await Promise.all([
      invoiceOfAppointment(db, appointment.id),
      appointment.clientId ? membershipsOfClient(db, appointment.clientId) : Promise.resolve([]),
      salonServices(db, salonId),
      salonProducts(db, salonId),
      salonMasters(db, salonId),
      salonAdministrators(db, salonId),
      salonCabinets(db, salonId),
    ]);
    const sellers: SellerChoice[] = [
      ...administrators.map((a) => ({ id: a.id, name: fullName(a), kind: 'ADMINISTRATOR' as const })).sort(byName),
      ...masters.map((m) => ({ id: m.id, name: fullName(m), kind: 'MASTER' as const })).sort(byName),
    ];
    // A cabinet is a seller only where it already sells (a cabinet appointment's own line).
    const cabinetSellers = new Set((invoice?.items ?? []).filter((i) => i.sellerType === 'CABINET').map((i) => i.sellerId));
    for (const c of cabinets)
      if (cabinetSellers.has(c.id)) sellers.push({ id: c.id, name: nameIn(c.nameVariants, language), kind: 'CABINET' });
    return {
      invoice: invoice ?? null,
      membership: membershipForInvoice(
        appointment,
        invoice ?? null,
        memberships.filter((m) => m.salonId === salonId),
      ),
      services: services
        .map((s) => ({ id: s.id, type: 'SERVICE' as const, name: nameIn(s.nameVariants, language), price: s.price, stock: null }))
        .sort(byName),
      products: products
        .filter((p) => p.type === 'SALE')
        .map((p) => ({ id: p.id, type: 'PRODUCT' as const, name: p.name, price: p.price, stock: p.quantity }))
        .sort(byName),
      sellers,
    };
  }, [db, appointment, language]);
}
