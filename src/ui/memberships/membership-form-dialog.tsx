import { useStore } from '@tanstack/react-form';
import * as v from 'valibot';
import type { ServerErrorShape } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { formatEuros, parsePrice, pricePerUse } from '../../domain/rules/money';
import { membershipFormSchema, membershipUsesSchema, pricePerUseOf, type MembershipFormValues } from '../../domain/schemas/membership';
import { SALE_PAYMENT_TYPES } from '../../domain/schemas/sale';
import { useIntl, useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { ClientSelector } from '../clients/client-selector';
import { Dialog } from '../dialog';
import { useCommandForm } from '../command-form';
import { FormMessage, firstError } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { submitCommand } from '../../sync/submit-command';
import { useOnline } from '../use-online';
import { useMembershipServices } from './use-memberships';
import { dayTimeText } from '../../domain/rules/time';

export const blankMembershipForm = (serialNumber: number, now = new Date(), client: string | null = null): MembershipFormValues => ({
  client,
  service: null,
  serialNumber: String(serialNumber),
  quantity: '',
  price: '',
  paymentType: 'CASH',
  createdAt: now.toISOString(),
});

/** 'price per use = price divided by quantity, two decimals' (part 1 §5), shown as the form is typed. */
function PricePerUse({ price, quantity }: { price: string; quantity: string }) {
  const intl = useIntl();
  const cents = parsePrice(price);
  const uses = v.safeParse(membershipUsesSchema, quantity);
  return <>{cents !== null && uses.success ? formatEuros(pricePerUse(cents, uses.output), intl.locale) : '—'}</>;
}

/**
 * New membership (part 1 §2, §5): client (selector with add-client), service (every service, deleted ones
 * too while online), serial number pre-filled as highest plus one, number of uses, price and how it was paid
 * (cash first, decision 071); price per use is computed and the creation time is now. Offline it is saved pending; a refusal (the serial number taken
 * meanwhile) reopens it from the conflicts list with the message on its field.
 */
export function MembershipFormDialog({
  initialValues,
  refusal,
  conflictId,
  onClose,
}: {
  initialValues: MembershipFormValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
  onClose: () => void;
}) {
  const t = useT();
  const online = useOnline();
  const session = useSession();
  const { services, deletedKnown } = useMembershipServices();
  const { form, server } = useCommandForm<MembershipFormValues>({
    operation: 'membership',
    refusal,
    schema: membershipFormSchema,
    defaultValues: initialValues,
    send: (value) => {
      const parsed = v.parse(membershipFormSchema, value);
      const input = {
        id: newId(),
        salon: session?.salon ?? '',
        ...parsed,
        pricePerUse: pricePerUseOf(parsed.price, parsed.quantity),
        createdAt: value.createdAt,
      };
      return submitCommand('membership.add', input, { form: { kind: 'membership.new', values: value }, conflictId });
    },
    onDone: onClose,
  });
  const price = useStore(form.store, (s) => s.values.price);
  const quantity = useStore(form.store, (s) => s.values.quantity);

  const serviceOptions = (services ?? []).map((s) => ({
    value: s.id,
    label: s.deleted ? t('membership.deletedService', { name: s.name }) : s.name,
  }));
  return (
    <Dialog title={t('membership.new.title')} isOpen onClose={onClose} size="md">
      <FormShell form={form} server={server}>
        <div className="form-grid">
          <div className="field-span">
            <form.Field name="client">
              {(field) => {
                const error = firstError(field.state.meta.errors);
                const shown = field.form.state.submissionAttempts > 0 || field.state.meta.isDirty;
                return (
                  <ClientSelector
                    label={t('memberships.client')}
                    value={field.state.value}
                    onChange={(id) => {
                      field.handleChange(id);
                      server.clear();
                    }}
                    errorMessage={shown && error ? t(error) : server.forField('client')}
                  />
                );
              }}
            </form.Field>
          </div>
          <div className="field-span">
            <form.AppField name="service">
              {(field) => <field.Select label={t('membership.service')} options={serviceOptions} />}
            </form.AppField>
            {!online && !deletedKnown ? <p className="field-description">{t('membership.deletedServicesOffline')}</p> : null}
          </div>
          <form.AppField name="serialNumber">
            {(field) => <field.TextField label={t('memberships.serialNumber')} inputMode="numeric" autoComplete="off" />}
          </form.AppField>
          <form.AppField name="quantity">
            {(field) => <field.TextField label={t('memberships.uses')} inputMode="numeric" autoComplete="off" />}
          </form.AppField>
          <form.AppField name="price">{(field) => <field.TextField label={t('membership.price')} autoComplete="off" />}</form.AppField>
          <form.AppField name="paymentType">
            {(field) => (
              <field.Select
                label={t('membership.paymentType')}
                options={SALE_PAYMENT_TYPES.map((type) => ({ value: type, label: t(`payment.${type}`) }))}
              />
            )}
          </form.AppField>
          <dl className="facts">
            <div>
              <dt>{t('membership.pricePerUse')}</dt>
              <dd data-testid="price-per-use">
                <PricePerUse price={price} quantity={quantity} />
              </dd>
            </div>
            <div>
              <dt>{t('membership.createdAt')}</dt>
              <dd>{dayTimeText(initialValues.createdAt)}</dd>
            </div>
          </dl>
        </div>
        <FormMessage>{server.formError}</FormMessage>
        <div className="form-actions">
          <Button variant="ghost" onPress={onClose}>
            {t('common.cancel')}
          </Button>
          <SubmitButton form={form}>{t('common.create')}</SubmitButton>
        </div>
      </FormShell>
    </Dialog>
  );
}
