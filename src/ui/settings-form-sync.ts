import { useEffect } from 'react';
import { CommandRefusal } from '../domain/command-refusal';
import type { ServerErrorShape } from '../domain/errors';
import type { ServerErrors } from './command-form';

/**
 * What a settings form on the salon row (General Settings, Client messages, Online booking) does beside its fields: a
 * change reopened from the conflicts list shows the server's refusal at once (`fieldOf` names the field as the form
 * has it); and when another device changes the salon, a form not edited since it was saved follows the mirror. Not
 * one merely equal to the mirror for a moment: a save applied here first and then refused keeps what was typed.
 */
export function useSettingsFormSync<V>(
  form: { state: { isDirty: boolean }; reset: (values: V) => void },
  server: ServerErrors,
  defaults: V,
  reopened: { error: ServerErrorShape } | null,
  fieldOf: (field: string | null | undefined) => string | null | undefined = (field) => field,
) {
  useEffect(() => {
    if (reopened) server.report(new CommandRefusal({ ...reopened.error, field: fieldOf(reopened.error.field) }));
  }, [reopened, server.report]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!form.state.isDirty && !reopened) form.reset(defaults);
  }, [defaults]); // eslint-disable-line react-hooks/exhaustive-deps
}
