import { useCallback, useRef, useState } from 'react';
import * as v from 'valibot';
import { Docs, request } from '../../api';
import { optionalPhone } from '../../domain/schemas/phone';

export interface FoundUser {
  id: string;
  email: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  gender: string | null;
}

/**
 * Phone lookup of New Client (part 1 §4: none, CHECKING, EXISTS). On leaving a valid phone the server is
 * asked for an account with it; a found account makes the identity fields read-only and prefilled, and the
 * client is created linked to it (GLOBAL). Offline the lookup is skipped: the client is created LOCAL.
 */
export function usePhoneLookup(enabled: boolean) {
  const [status, setStatus] = useState<'none' | 'CHECKING' | 'EXISTS'>('none');
  const [found, setFound] = useState<FoundUser | null>(null);
  const asked = useRef<string | null>(null);
  const check = useCallback(
    async (typed: string) => {
      if (!enabled || !navigator.onLine) return;
      const parsed = v.safeParse(optionalPhone, typed);
      const phone = parsed.success ? parsed.output : null;
      if (!phone || asked.current === phone) return;
      asked.current = phone;
      setStatus('CHECKING');
      try {
        const { user } = await request(Docs.FindUserDocument, { phone, role: 'CLIENT' });
        if (asked.current !== phone) return;
        setFound(user ?? null);
        setStatus(user ? 'EXISTS' : 'none');
      } catch {
        // A failed lookup only means no prefill; the server still checks the phone when the client is saved.
        if (asked.current === phone) setStatus('none');
      }
    },
    [enabled],
  );
  const reset = useCallback(() => {
    asked.current = null;
    setFound(null);
    setStatus('none');
  }, []);
  return { status, found, check: (typed: string) => void check(typed), reset };
}
