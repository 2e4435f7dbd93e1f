import type { ReactNode } from 'react';
import type { PageError } from './api';
import { LANGUAGES, type Language, type Translate } from './i18n';

/** A refusal or failure in words, read out when it appears. */
export function ErrorNote({ t, error }: { t: Translate; error: PageError }) {
  return (
    <p className="error-note" role="alert">
      {t(error.messageId)}
    </p>
  );
}

/** The page's top: the salon, and the three languages. */
export function PageHeader({
  t,
  language,
  onLanguage,
  title,
  children,
}: {
  t: Translate;
  language: Language;
  onLanguage: (language: Language) => void;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      <nav className="languages" aria-label={t('book.language')}>
        {LANGUAGES.map((l) => (
          <button key={l} type="button" lang={l} aria-pressed={l === language} onClick={() => onLanguage(l)}>
            {t(`lang.${l}`)}
          </button>
        ))}
      </nav>
      <h1>{title}</h1>
      {children}
    </header>
  );
}

/** A booking as the client reads it back. */
export function Summary({ rows }: { rows: [label: string, value: string | null | undefined][] }) {
  return (
    <dl className="summary">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The salon's phone as a link to call. */
export const CallLink = ({ phone }: { phone: string }) => <a href={`tel:${phone}`}>{phone}</a>;

export type { Translate };
