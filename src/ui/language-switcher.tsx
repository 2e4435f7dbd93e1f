import { LANGUAGES, useLanguage, useT } from '../i18n';
import { DropdownMenu } from './menu';

/** Language switcher of the top bar: English, Latvian, Russian; the choice is remembered. */
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
