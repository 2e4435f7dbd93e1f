import type { ProductRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { SearchCombo } from '../search-combo';

const PRODUCT_KEYS = ['name', 'code'];

/** A sale row's product (part 1 §5): the offered products, searched fuzzily at the spec's 0.3 threshold, with their stock. */
export function ProductCombo({
  label,
  products,
  value,
  onChange,
  errorMessage,
  isDisabled,
}: {
  label: string;
  products: ProductRow[];
  value: string | null;
  onChange: (p: ProductRow | null) => void;
  errorMessage?: string | null;
  isDisabled?: boolean;
}) {
  const t = useT();
  return (
    <SearchCombo
      label={label}
      choices={products}
      value={value}
      onChange={onChange}
      placeholder={t('sale.searchProduct')}
      emptyText={t('sale.noProducts')}
      errorMessage={errorMessage}
      isDisabled={isDisabled}
      searchKeys={PRODUCT_KEYS}
      renderChoice={(p) => (
        <span className="sale-product-option">
          <span>{p.name}</span>
          <span className="muted">{t('sale.inStock', { count: p.quantity })}</span>
        </span>
      )}
    />
  );
}
