import { COMMANDS, type CommandName, type FormKind } from '../../../src/domain/commands/catalogue';

/** A form kind for a command made by a test (its catalogue form, or Edit Appointment for a form-less one). */
export function formOf(name: CommandName): FormKind {
  const forms: readonly FormKind[] = COMMANDS[name].forms;
  return forms[0] ?? 'appointment.edit';
}
