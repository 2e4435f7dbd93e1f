import { useT } from '../../i18n';
import { SearchCombo } from '../search-combo';

export interface ServiceChoice {
  id: string;
  name: string;
  duration: number;
  color: string;
}

/** Service of a line, searched fuzzily at the spec's 0.3 threshold (part 1 §5). */
export function ServiceCombo({
  label,
  services,
  value,
  onChange,
  errorMessage,
  isDisabled,
}: {
  label: string;
  services: ServiceChoice[];
  value: string | null;
  onChange: (s: ServiceChoice | null) => void;
  errorMessage?: string | null;
  isDisabled?: boolean;
}) {
  const t = useT();
  return (
    <SearchCombo
      label={label}
      choices={services}
      value={value}
      onChange={onChange}
      placeholder={t('appointment.searchService')}
      emptyText={t('appointment.noServices')}
      errorMessage={errorMessage}
      isDisabled={isDisabled}
      renderChoice={(s) => (
        <>
          <span className="legend-swatch" style={{ background: s.color, display: 'inline-block', marginRight: 8 }} aria-hidden />
          {s.name}
        </>
      )}
    />
  );
}
