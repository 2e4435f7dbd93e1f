import { IMPORT_FIELDS, type ColumnMatch, type ImportField, type ImportKind } from '../../domain/rules/import-columns';
import type { MessageId } from '../../i18n';
import { MERGE_MODES, type MergeMode } from '../../domain/rules/import-merge';
import { useT } from '../../i18n';
import { ChoiceSelect } from '../choice-select';

export type GenderChoice = 'ask' | 'FEMALE' | 'MALE';

/** A field's name on the screen ('import.field.clients.phone'). */
export const fieldLabel = (t: (id: MessageId) => string, kind: ImportKind, field: ImportField): string =>
  t(`import.field.${kind}.${field}` as MessageId);

/**
 * Step 2 of Import (issue 58 item 1): each column of the file and the field it goes to, as matched by its name;
 * for clients, what a row does to a client the salon already has and the gender of rows that give none.
 */
export function ImportColumnsForm({
  kind,
  headers,
  matches,
  onMatches,
  mode,
  onMode,
  gender,
  onGender,
}: {
  kind: ImportKind;
  headers: readonly string[];
  matches: readonly ColumnMatch[];
  onMatches: (matches: ColumnMatch[]) => void;
  mode: MergeMode;
  onMode: (mode: MergeMode) => void;
  gender: GenderChoice;
  onGender: (gender: GenderChoice) => void;
}) {
  const t = useT();
  const fields = IMPORT_FIELDS[kind] as readonly ImportField[];
  const options = [{ value: '', label: t('import.column.skip') }, ...fields.map((f) => ({ value: f, label: fieldLabel(t, kind, f) }))];
  return (
    <div className="stack">
      <h2 className="section-title">{t('import.columns')}</h2>
      <div className="import-columns">
        {headers.map((header, column) => (
          <ChoiceSelect
            key={`${column}:${header}`}
            label={header || t('import.column.unnamed', { number: column + 1 })}
            value={matches[column] ?? ''}
            options={options}
            onChange={(field) => {
              // A field goes to one column: choosing it here takes it from the column that had it.
              const next = matches.map((m, i) => (i === column ? ((field || null) as ColumnMatch) : m === field ? null : m));
              onMatches(next);
            }}
          />
        ))}
      </div>
      {kind === 'clients' ? (
        <div className="toolbar">
          <ChoiceSelect
            label={t('import.mode')}
            value={mode}
            options={MERGE_MODES.map((m) => ({ value: m, label: t(`import.mode.${m}`) }))}
            onChange={onMode}
          />
          <ChoiceSelect
            label={t('import.defaultGender')}
            value={gender}
            options={[
              { value: 'ask', label: t('import.defaultGender.ask') },
              { value: 'FEMALE', label: t('client.gender.female') },
              { value: 'MALE', label: t('client.gender.male') },
            ]}
            onChange={onGender}
          />
        </div>
      ) : null}
    </div>
  );
}
