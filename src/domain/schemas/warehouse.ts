import * as v from 'valibot';
import { isCalendarDate } from '../rules/time';
import { addDays } from '../rules/time';
import { MAX_REPORT_DAYS } from './report';
import { idSchema } from './salon';

/**
 * The supplier's Warehouse (part 2 §2 "Supplier screens", §7 supplier getReport, getSalons, getProducts; issue 19).
 * Filters are lists of ids (empty: all the supplier may see); the range is salon days, at most a year.
 */
const ids = v.pipe(
  v.optional(v.nullable(v.array(idSchema)), []),
  v.transform((list) => [...new Set(list ?? [])]),
  v.maxLength(500, 'validation.text.tooLong'),
);
const day = v.pipe(
  v.unknown(),
  v.check(isCalendarDate, 'report.rangeInvalid'),
  v.transform((d) => d as string),
);

export const supplierReportQuerySchema = v.pipe(
  v.object({
    fromDate: day,
    toDate: day,
    salonFilter: ids,
    masterFilter: ids,
    manufacturerFilter: ids,
    lang: v.optional(v.picklist(['en', 'lv', 'ru']), 'en'),
  }),
  v.forward(
    v.check((q) => q.fromDate <= q.toDate && q.toDate < addDays(q.fromDate, MAX_REPORT_DAYS), 'report.rangeInvalid'),
    ['toDate'],
  ),
);
export type SupplierReportQuery = v.InferOutput<typeof supplierReportQuerySchema>;

/** Supplier getProducts (part 2 §7, §9): pages of 20, salons filter, a search over name, code and manufacturer. */
export const SUPPLIER_PRODUCTS_PAGE = 20;
export const supplierProductsQuerySchema = v.object({
  first: v.pipe(
    v.optional(v.nullable(v.number()), SUPPLIER_PRODUCTS_PAGE),
    v.transform((n) => n ?? SUPPLIER_PRODUCTS_PAGE),
    v.integer('validation.number.invalid'),
    v.minValue(1, 'validation.number.invalid'),
    v.maxValue(SUPPLIER_PRODUCTS_PAGE, 'validation.number.invalid'),
  ),
  after: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(400, 'validation.id.invalid'))), null),
  salonFilter: ids,
  search: v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s) => (s ?? '').trim()),
    v.maxLength(100, 'validation.text.tooLong'),
  ),
});
