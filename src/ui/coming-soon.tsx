import { useT, type MessageId } from '../i18n';

/** A clear placeholder for screens of later issues: nothing fake, nothing stored. */
export function ComingSoon({ titleId }: { titleId: MessageId }) {
  const t = useT();
  const screen = t(titleId);
  return (
    <section className="page coming-soon" data-testid="coming-soon">
      <h1 className="page-title">{screen}</h1>
      <div className="coming-soon-card">
        <h2>{t('comingSoon.title', { screen })}</h2>
        <p>{t('comingSoon.text')}</p>
      </div>
    </section>
  );
}
