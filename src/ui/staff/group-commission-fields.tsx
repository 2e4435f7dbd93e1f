import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import type { MasterRow } from '../../domain/entities';
import { typedPercent } from '../../domain/rules/commissions';
import { nameIn } from '../../domain/rules/names';
import type { MasterFormValues } from '../../domain/schemas/master';
import { useLanguage, useT } from '../../i18n';
import type { CommandForm } from '../command-form';
import { FormMessage } from '../form-field';
import { useServiceGroups } from '../salon/use-salon-setup';

type GroupRates = MasterFormValues['groupCommissions'];

/** The form's boxes for her groups, in their order, keeping what was typed for a group still chosen. */
export function alignedGroupRates(groups: readonly string[], rates: GroupRates): GroupRates {
  const typed = new Map(rates.map((r) => [r.groupId, r.rate]));
  return groups.map((groupId) => ({ groupId, rate: typed.get(groupId) ?? '' }));
}

/** A master's stored group rates as the form's boxes, one per group she does. */
export const groupRatesOfMaster = (m: MasterRow, locale: string): GroupRates =>
  alignedGroupRates(
    m.serviceGroupIds,
    (m.groupCommissions ?? []).map((g) => ({ groupId: g.groupId, rate: typedPercent(g.rate, locale) })),
  );

/**
 * "Rates per service group" (issue 59 item 4): for each group she does, a percentage of its services she earns in
 * place of her service rate; blank keeps her service rate. Open when one is set; the boxes follow the groups chosen
 * above them (the dialog realigns `groupCommissions` when they change).
 */
export function GroupCommissionFields({ form, serverError }: { form: CommandForm<MasterFormValues>; serverError: string | null }) {
  const t = useT();
  const { language } = useLanguage();
  const groups = useServiceGroups();
  const rates = useStore(form.store, (s) => s.values.groupCommissions);
  const serviceRate = useStore(form.store, (s) => s.values.serviceCommission);
  // Open at first when one is set; then as the user leaves it.
  const [openAtFirst] = useState(() => form.state.values.groupCommissions.some((r) => r.rate.trim() !== ''));
  if (rates.length === 0) return null;
  const nameOf = new Map((groups ?? []).map((g) => [g.id, nameIn(g.nameVariants, language)]));
  // In the salon's order of groups, as their checkboxes above.
  const position = new Map((groups ?? []).map((g, i) => [g.id, i]));
  const boxes = rates.map((r, index) => ({ groupId: r.groupId, index }));
  boxes.sort((a, b) => (position.get(a.groupId) ?? Infinity) - (position.get(b.groupId) ?? Infinity));
  return (
    <details className="group-rates field-span" data-testid="group-rates" open={openAtFirst || undefined}>
      <summary>{t('master.groupCommissions')}</summary>
      <p className="field-description">
        {serviceRate.trim() ? t('master.groupCommissionsHint', { rate: serviceRate.trim() }) : t('master.groupCommissionsHintNone')}
      </p>
      <div className="form-grid">
        {boxes.map((r) => (
          <form.AppField key={r.groupId} name={`groupCommissions[${r.index}].rate`}>
            {(field) => (
              <field.TextField
                label={t('master.groupCommission', { group: nameOf.get(r.groupId) ?? '—' })}
                inputMode="text"
                autoComplete="off"
              />
            )}
          </form.AppField>
        ))}
      </div>
      <FormMessage>{serverError}</FormMessage>
    </details>
  );
}
