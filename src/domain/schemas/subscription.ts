import * as v from 'valibot';
import { idSchema } from './salon';

/**
 * The subscription (part 2 §2 "Invoices page and subscription", §3 "Subscription update input", §5, §7; issue 20,
 * decision 047). The form's company details are needed only with "I need a company invoice": then each of
 * Company name, Reg. number and Company address must be filled. Messages are catalog ids.
 */
const trimmed = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').trim()),
);
const companyText = (max: number) => v.pipe(trimmed, v.maxLength(max, 'validation.text.tooLong'));

const companyFields = {
  needInvoice: v.optional(v.boolean(), false),
  companyName: companyText(120),
  companyReg: companyText(40),
  companyAddress: companyText(240),
};
/** The form's values. */
export type SubscriptionFormValues = Company;
type Company = { needInvoice: boolean; companyName: string; companyReg: string; companyAddress: string };
const required = <T extends Company>(field: 'companyName' | 'companyReg' | 'companyAddress', message: string) =>
  v.forward(
    v.check((f: T) => !f.needInvoice || f[field] !== '', message),
    [field] as never,
  ) as v.BaseValidation<T, T, v.CheckIssue<T>>;
const companyChecks = <T extends Company>() =>
  [
    required<T>('companyName', 'subscription.enterCompanyName'),
    required<T>('companyReg', 'subscription.enterCompanyReg'),
    required<T>('companyAddress', 'subscription.enterCompanyAddress'),
  ] as const;

/** The form: the company fields, each required when an invoice is asked for. */
export const subscriptionFormSchema = v.pipe(v.object(companyFields), ...companyChecks<Company>());

/** Stripe's ids: a short prefix, an underscore, letters and digits. */
const stripeId = (prefix: string) => v.pipe(v.string(), v.regex(new RegExp(`^${prefix}_[A-Za-z0-9]{1,200}$`), 'validation.id.invalid'));

/** createStripeIntent (part 2 §7): the salon. */
export const createStripeIntentSchema = v.object({ salon: idSchema });

/** updateStripeSubscription (part 2 §7): the salon, the card set up in the dialog, the form's fields and checks. */
export const updateStripeSubscriptionSchema = v.pipe(
  v.object({ salon: idSchema, paymentMethod: stripeId('pm'), ...companyFields }),
  ...companyChecks<Company & { salon: string; paymentMethod: string }>(),
);

/** billing, cancelSubscription, resumeSubscription (issue 59 item 1): the salon. */
export const billingSchema = v.object({ salon: idSchema });

/** getInvoices (part 2 §7, §9): the salon, pages of 20, Stripe's invoice id as the cursor. */
export const INVOICE_PAGE_SIZE = 20;
export const getInvoicesSchema = v.object({
  salon: idSchema,
  first: v.pipe(
    v.optional(v.nullable(v.number()), INVOICE_PAGE_SIZE),
    v.transform((n) => n ?? INVOICE_PAGE_SIZE),
    v.integer('validation.number.invalid'),
    v.minValue(1, 'validation.number.invalid'),
    v.maxValue(INVOICE_PAGE_SIZE, 'validation.number.invalid'),
  ),
  after: v.optional(v.nullable(stripeId('in')), null),
});

/** Monthly price in cents, VAT included (part 2 §9: 24.20 euro a month). */
export const MONTHLY_PRICE_CENTS = 2420;
