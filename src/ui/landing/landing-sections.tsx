import { useT } from '../../i18n';
import { APP_STORE_URL, GOOGLE_PLAY_URL } from '../app-links';

const SECTIONS = [
  ['moneyFlows', '€'],
  ['multiStore', '⌂'],
  ['clientLists', '☰'],
  ['perfectTiming', '◷'],
  ['clientRelations', '♡'],
  ['inventory', '▦'],
  ['reporting', '↗'],
  ['companies', '★'],
] as const;

/** The landing page's sections (part 1 §1). */
export function LandingSections() {
  const t = useT();
  return (
    <section className="landing-sections" aria-label={t('app.name')}>
      {SECTIONS.map(([key, icon]) => (
        <article key={key} className="landing-card" id={key}>
          <span className="landing-card-icon" aria-hidden>
            {icon}
          </span>
          <h2>{t(`landing.section.${key}.title`)}</h2>
          <p>{t(`landing.section.${key}.text`)}</p>
        </article>
      ))}
    </section>
  );
}

export function AppStoreLinks() {
  const t = useT();
  return (
    <div className="store-links">
      <a className="store-link" href={APP_STORE_URL} rel="noopener noreferrer" target="_blank">
        <span aria-hidden></span> {t('landing.appStore')}
      </a>
      <a className="store-link" href={GOOGLE_PLAY_URL} rel="noopener noreferrer" target="_blank">
        <span aria-hidden>▶</span> {t('landing.googlePlay')}
      </a>
    </div>
  );
}
