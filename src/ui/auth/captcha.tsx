import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';
import { useLanguage } from '../../i18n';

/**
 * ALTCHA proof-of-work widget (self-hosted, no third party). The widget is loaded only when the sign-up
 * dialog opens, so it does not weigh on the first paint. `onChange` gets the payload, or null when unsolved.
 */
export function Captcha({ onChange, invalid }: { onChange: (payload: string | null) => void; invalid?: boolean }) {
  const { language } = useLanguage();
  const ref = useRef<HTMLElement | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void import('altcha/i18n').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el || !ready) return;
    const handler = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChange(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    el.addEventListener('statechange', handler);
    return () => el.removeEventListener('statechange', handler);
  }, [ready, onChange]);
  if (!ready) return <div className="captcha-placeholder" aria-hidden />;
  return (
    <div className={`captcha${invalid ? ' captcha-invalid' : ''}`} data-testid="captcha">
      <altcha-widget ref={ref} challenge="/altcha/challenge" language={language} auto="onload" />
    </div>
  );
}
