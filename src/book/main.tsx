import { StrictMode, useCallback, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BookingApp } from './booking-app';
import { chooseLanguage, pageLanguage, translator, type Language } from './i18n';
import { ManageApp } from './manage-app';
import type { BookingPage } from './page-types';
import './book.css';

/** What the server wrote into the page (server/modules/online-booking/page-html.ts). */
type PageData = { kind: 'page'; slug: string; lang?: string; page: BookingPage | null } | { kind: 'manage'; lang?: string };

function readData(): PageData {
  const text = document.getElementById('booking-data')?.textContent;
  if (text) return JSON.parse(text) as PageData;
  // The dev server (vite.book.config.ts) has no data in the page: the address says what it is.
  const [, , second = ''] = location.pathname.split('/');
  return second === 'manage' ? { kind: 'manage' } : { kind: 'page', slug: second, page: null };
}

function Root({ data }: { data: PageData }) {
  const [language, setLanguage] = useState<Language>(() => pageLanguage(data.lang));
  const t = useMemo(() => translator(language), [language]);
  const onLanguage = useCallback((next: Language) => {
    chooseLanguage(next);
    setLanguage(next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  if (data.kind === 'manage')
    return (
      <ManageApp t={t} language={language} onLanguage={onLanguage} token={decodeURIComponent(location.pathname.split('/')[3] ?? '')} />
    );
  return <BookingApp t={t} language={language} onLanguage={onLanguage} slug={data.slug} initial={data.page} initialLanguage={data.lang} />;
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Root data={readData()} />
  </StrictMode>,
);
