import { LANGUAGES, useLanguage, useT } from '../i18n';
import { DropdownMenu } from './menu';

/**
 * Language switcher of the top bar: each language by its own name (English, Latviešu, Русский: the catalogs hold
 * the same endonyms, so one who cannot read the current language still finds theirs); the choice is remembered.
 */
export function LanguageSwitcher() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  return (
    <DropdownMenu
      className="language-switcher"
      ariaLabel={t('menu.language')}
      label={<span className="lang-code">{language.toUpperCase()}</span>}
      items={LANGUAGES.map((lang) => ({
        id: lang,
        label: t(`lang.${lang}`),
        selected: lang === language,
        onAction: () => setLanguage(lang),
      }))}
    />
  );
}
