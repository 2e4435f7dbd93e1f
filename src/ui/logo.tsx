import { useT } from '../i18n';

export function Logo({ compact = false }: { compact?: boolean }) {
  const t = useT();
  return (
    <span className="logo">
      <img src="/icons/icon.svg" alt="" width={32} height={32} />
      {compact ? null : <span className="logo-text">{t('app.name')}</span>}
    </span>
  );
}
