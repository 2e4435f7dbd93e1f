import { useStore } from '@tanstack/react-form';
import { Docs, request } from '../../api';
import {
  connectionsFormSchema,
  connectionsUnchanged,
  manufacturerOptions,
  type ConnectionsFormValues,
} from '../../domain/schemas/supplier';
import { useT } from '../../i18n';
import { Button } from '../button';
import { useCommandForm } from '../command-form';
import { Icon } from '../icons';
import { FormMessage, firstError } from '../form-field';
import { FormSelect } from '../form-select';
import { FormShell, SubmitButton } from '../form-shell';
import { useOnline } from '../use-online';
import { refreshSuppliers, useConnectionChoices, type Supplier } from './use-suppliers';

/**
 * Connections (part 2 §2, §5): "Connections to salons and manufacturers", repeatable rows of a salon and one of its
 * manufacturers, "Add new +" and a trash button per row. A row's manufacturers are its salon's, minus those of other
 * rows, live ones only unless it is the row's current choice. Save replaces every row in one transaction on the
 * server; it stays disabled while the rows equal the initial ones or there are none. The server's first refusal is
 * the form's message.
 */
export function SupplierConnectionsForm({ supplier, onClose }: { supplier: Supplier; onClose: () => void }) {
  const t = useT();
  const online = useOnline();
  const { salons, manufacturers } = useConnectionChoices(online);
  const initial: ConnectionsFormValues = {
    connections: supplier.connections.map((c) => ({ salon: c.salon, manufacturer: c.manufacturer })),
  };
  const { form, server } = useCommandForm<ConnectionsFormValues>({
    operation: 'supplierConnections',
    schema: connectionsFormSchema,
    defaultValues: initial,
    send: async (value) => {
      await request(Docs.CreateSupplierSalonConnectionDocument, { input: { supplier: supplier.id, connections: value.connections } });
      await refreshSuppliers();
    },
    onDone: onClose,
  });
  const rows = useStore(form.store, (s) => s.values.connections);
  const unchanged = connectionsUnchanged(rows, initial.connections);
  const salonOptions = (salons ?? []).map((s) => ({ value: s.id, label: s.name }));
  const rowsError = useStore(form.store, (s) => (s.submissionAttempts > 0 ? firstError(s.fieldMeta.connections?.errors ?? []) : null));

  return (
    <FormShell form={form} server={server}>
      <h3 className="section-title">{t('supplier.connections.title')}</h3>
      {online ? null : <FormMessage kind="info">{t('supplier.offline')}</FormMessage>}
      <form.Field name="connections" mode="array">
        {(list) => (
          <div className="connection-rows">
            {list.state.value.length === 0 ? <p className="muted">{t('supplier.addAtLeastOne')}</p> : null}
            {list.state.value.map((_, i) => {
              const options = manufacturerOptions(
                (manufacturers ?? []).map((m) => ({ ...m, salonId: m.salon })),
                rows,
                i,
              ).map((m) => ({ value: m.id, label: m.deletedAt ? `${m.name} ${t('supplier.deleted')}` : m.name }));
              return (
                <fieldset key={i} className="connection-row" data-testid="connection-row">
                  <legend className="visually-hidden">{t('supplier.connections.remove', { n: i + 1 })}</legend>
                  <form.Field name={`connections[${i}].salon`}>
                    {(field) => (
                      <FormSelect
                        field={field}
                        label={t('supplier.connections.salon')}
                        options={salonOptions}
                        onEdit={() => {
                          server.clear();
                          // Another salon's manufacturers: the row's choice starts again.
                          form.setFieldValue(`connections[${i}].manufacturer`, '');
                        }}
                      />
                    )}
                  </form.Field>
                  <form.AppField name={`connections[${i}].manufacturer`}>
                    {(field) => <field.Select label={t('supplier.connections.manufacturer')} options={options} />}
                  </form.AppField>
                  <Button
                    variant="ghost"
                    className="line-remove"
                    aria-label={t('supplier.connections.remove', { n: i + 1 })}
                    onPress={() => {
                      server.clear();
                      list.removeValue(i);
                    }}
                  >
                    <Icon name="trash" />
                  </Button>
                </fieldset>
              );
            })}
            <Button variant="link" onPress={() => list.pushValue({ salon: '', manufacturer: '' })}>
              {t('supplier.connections.add')}
            </Button>
          </div>
        )}
      </form.Field>
      <FormMessage>{rowsError ? t(rowsError) : server.formError}</FormMessage>
      <div className="form-actions">
        <Button variant="ghost" onPress={onClose}>
          {t('common.cancel')}
        </Button>
        <SubmitButton form={form} isBlocked={unchanged || !online}>
          {t('common.save')}
        </SubmitButton>
      </div>
    </FormShell>
  );
}
