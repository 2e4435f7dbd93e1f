import { useMemo } from 'react';
import type { ManufacturerRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { MultiSelectFilter } from '../multi-select-filter';

/** The Manufacturers filter of the Inventory page (part 2 §2); nothing chosen shows every product. */
export function ManufacturersFilter({
  manufacturers,
  value,
  onChange,
}: {
  manufacturers: ManufacturerRow[];
  value: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const t = useT();
  const items = useMemo(() => manufacturers.map((m) => ({ id: m.id, label: m.name })), [manufacturers]);
  return (
    <MultiSelectFilter
      label={t('inventory.manufacturers')}
      placeholder={t('inventory.allManufacturers')}
      items={items}
      value={value}
      onChange={onChange}
    />
  );
}
