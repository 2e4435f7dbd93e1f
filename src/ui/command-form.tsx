import { createFormHook, createFormHookContexts, type AnyFieldApi } from '@tanstack/react-form';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type * as v from 'valibot';
import type { Operation, ServerErrorShape } from '../domain/errors';
import { FormCheckbox, FormRadioGroup } from './form-choice';
import { FormTextField, schemaValidator } from './form-field';
import { FormSelect } from './form-select';
import { PhoneField } from './phone-field';
import { useServerError } from './use-server-error';

/** What a form shows of its last failed call (src/ui/use-server-error.ts). */
export type ServerErrors = ReturnType<typeof useServerError>;

const ServerErrorsContext = createContext<ServerErrors | null>(null);

/** Gives the fields below the form's server errors: each bound field shows its own and clears them when edited. */
export function ServerErrorsProvider({ server, children }: { server: ServerErrors; children: ReactNode }) {
  return <ServerErrorsContext.Provider value={server}>{children}</ServerErrorsContext.Provider>;
}

const { fieldContext, formContext, useFieldContext } = createFormHookContexts();

/** The props a field component takes from its form: the field, the server's message for it, and what editing clears. */
interface Bound {
  field: AnyFieldApi;
  serverError?: string | null;
  onEdit?: () => void;
}

/**
 * A field component of the house (`{ field, serverError, onEdit }`) bound to its `form.AppField`: it gets the field,
 * the server's message for that field's name and the clearing on edit without the dialog passing them. An area binds
 * its own field components with it too (src/ui/service-groups-field.tsx).
 */
export function bindField<P extends { field: AnyFieldApi }>(Component: ComponentType<P>) {
  function BoundField(props: Omit<P, keyof Bound>) {
    const field = useFieldContext<unknown>() as unknown as AnyFieldApi;
    const server = useContext(ServerErrorsContext);
    const bound: Bound = { field, serverError: server?.forField(field.name) ?? null, onEdit: server?.clear };
    return <Component {...(props as P)} {...bound} />;
  }
  BoundField.displayName = `Bound(${Component.displayName ?? Component.name})`;
  return BoundField;
}

const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField: bindField(FormTextField),
    Select: bindField(FormSelect),
    Phone: bindField(PhoneField),
    RadioGroup: bindField(FormRadioGroup),
    Checkbox: bindField(FormCheckbox),
  },
  formComponents: {},
});

export interface CommandFormOptions<TValues, TMeta = undefined> {
  /** Whose messages its failures show (src/domain/errors.ts). */
  operation: Operation;
  /** The form's shared schema: it validates as the user types and before the send. */
  schema: v.GenericSchema;
  defaultValues: TValues;
  /** A refusal the form reopens with (the conflicts list's Open, DESIGN.md §5.4). */
  refusal?: ServerErrorShape | null;
  /** What a submit carries besides the values when no button says otherwise (the Invoice's Pay: `{ paid: true }`). */
  submitMeta?: TMeta;
  /** Writes the values: a command (`submitCommand`) or an online call. A throw shows as the server's message. */
  send: (values: TValues, meta: TMeta) => Promise<unknown>;
  /** After a send that did not throw (a dialog closes). */
  onDone?: () => void;
}

/**
 * A form that writes (DESIGN.md §5.4): TanStack Form validating with the shared schema, the server's messages on their
 * fields (`server`), and a submit that clears the last message, sends, and reports a refusal on the form. Its fields
 * are `form.AppField` with a bound component (`field.TextField`, `field.Select`, ...); FormShell passes `server` down.
 * `submit` is that send for values already checked (New Appointment's hot path, src/ui/submit-when-valid.ts).
 */
export function useCommandForm<TValues, TMeta = undefined>(options: CommandFormOptions<TValues, TMeta>) {
  const server = useServerError(options.operation, options.refusal);
  const validator = schemaValidator<TValues>(options.schema);
  const submit = async (value: TValues, meta?: TMeta) => {
    server.clear();
    try {
      await options.send(value, meta as TMeta);
    } catch (error) {
      server.report(error);
      return;
    }
    options.onDone?.();
  };
  const form = useAppForm({
    defaultValues: options.defaultValues,
    validators: { onChange: validator, onSubmit: validator },
    onSubmitMeta: options.submitMeta as TMeta,
    onSubmit: ({ value, meta }) => submit(value, meta),
  });
  return { form, server, submit };
}

/** The form `useCommandForm` makes, for the parts of a form drawn in files of their own (an invoice's line). */
export type CommandForm<TValues, TMeta = undefined> = ReturnType<typeof useCommandForm<TValues, TMeta>>['form'];
