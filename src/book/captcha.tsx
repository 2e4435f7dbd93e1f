import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';
import type { Language } from './i18n';

/**
 * ALTCHA's proof of work (self-hosted, no third party) before a code is mailed: solved in the background as soon as
 * the details form shows. `onChange` gets the payload, or null while unsolved. As src/ui/auth/captcha.tsx does for
 * sign-up; the booking page cannot import the panel's screens.
 */
export function Captcha({
  language,
  onChange,
  invalid,
}: {
  language: Language;
  onChange: (payload: string | null) => void;
  invalid: boolean;
}) {
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
