import { useCallback, useRef, useState } from 'react';
import * as v from 'valibot';
import { Docs, request } from '../../api';
import { optionalPhone } from '../../domain/schemas/phone';
import type { FoundUser } from '../clients/use-phone-lookup';

const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email());

/**
 * User lookup of the master form (part 2 §4: none, CHECKING, EXISTS). When the e-mail or phone field loses
 * focus with a value the server is asked for an account with role MASTER; a found account makes the identity
 * fields read-only and prefilled, and the master is created linked to it (GLOBAL, ACTIVE). An empty value
 * resets it. Offline the lookup is skipped: the master is created LOCAL. A failure reaches `onError` (the
 * two-different-users refusal is shown as the form error).
 */
export function useMasterLookup(enabled: boolean, onError: (error: unknown) => void) {
  const [status, setStatus] = useState<'none' | 'CHECKING' | 'EXISTS'>('none');
  const [found, setFound] = useState<FoundUser | null>(null);
  const asked = useRef<string | null>(null);
  const reset = useCallback(() => {
    asked.current = null;
    setFound(null);
    setStatus('none');
  }, []);
  const check = useCallback(
    async (typedEmail: string, typedPhone: string) => {
      if (!enabled) return;
      const mail = v.safeParse(email, typedEmail);
      const phoned = v.safeParse(optionalPhone, typedPhone);
      const vars = { email: mail.success ? mail.output : null, phone: phoned.success ? phoned.output : null };
      if (!vars.email && !vars.phone) return reset();
      if (!navigator.onLine) return;
      const key = `${vars.email ?? ''}|${vars.phone ?? ''}`;
      if (asked.current === key) return;
      asked.current = key;
      setStatus('CHECKING');
      try {
        const { user } = await request(Docs.FindUserDocument, { ...vars, role: 'MASTER' });
        if (asked.current !== key) return;
        setFound(user ?? null);
        setStatus(user ? 'EXISTS' : 'none');
      } catch (error) {
        if (asked.current !== key) return;
        setFound(null);
        setStatus('none');
        onError(error);
      }
    },
    [enabled, onError, reset],
  );
  return { status, found, check: (typedEmail: string, typedPhone: string) => void check(typedEmail, typedPhone), reset };
}
