import { useT } from '../i18n';

/** The page's first Tab stop, shown only when focused: it takes the keyboard past the top bar to the screen (WCAG 2.4.1). */
export function SkipLink() {
  const t = useT();
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        // Focus, not a hash change: the router keeps the address as it is.
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
    >
      {t('app.skipToContent')}
    </a>
  );
}
