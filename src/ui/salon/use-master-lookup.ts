import { useCallback, useRef, useState } from 'react';
import * as v from 'valibot';
import { Docs, request } from '../../api';
import { optionalPhone } from '../../domain/schemas/phone';
import type { FoundUser } from './use-phone-lookup';
import { masterWithContact } from '../../domain/commands/staff';
import type { MasterRow } from '../../domain/entities';

const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email());

/**
 * User lookup of the master form (part 2 §4: none, CHECKING, EXISTS). When the e-mail or phone field loses
 * focus with a value the server is asked for an account with role MASTER; a found account makes the identity
 * fields read-only and prefilled, and the master is created linked to it (GLOBAL, ACTIVE). An empty value
 * resets it. Offline the lookup is skipped: the master is created LOCAL. A failure reaches `onError` (the
 * two-different-users refusal is shown as the form error).
 *
 * With `staff` (the salon's masters from the mirror) a person already on staff is named instead (STAFFED):
 * by her phone or e-mail before asking the server, even offline, or by the account the server finds.
 */
export function useMasterLookup(
  enabled: boolean,
  onError: (error: unknown) => void,
  staff?: readonly MasterRow[],
  /** SUPPLIER: the sysadmin's supplier form (part 2 §4). */
  role: 'MASTER' | 'SUPPLIER' = 'MASTER',
) {
  const [status, setStatus] = useState<'none' | 'CHECKING' | 'EXISTS' | 'STAFFED'>('none');
  const [found, setFound] = useState<FoundUser | null>(null);
  const [staffed, setStaffed] = useState<MasterRow | null>(null);
  const asked = useRef<string | null>(null);
  const reset = useCallback(() => {
    asked.current = null;
    setFound(null);
    setStaffed(null);
    setStatus('none');
  }, []);
  const onStaff = useCallback(
    (identity: { phone: string | null; email: string | null; userId?: string | null }) => {
      const master = staff ? masterWithContact(identity, staff) : undefined;
      if (!master) return false;
      setFound(null);
      setStaffed(master);
      setStatus('STAFFED');
      return true;
    },
    [staff],
  );
  const check = useCallback(
    async (typedEmail: string, typedPhone: string) => {
      if (!enabled) return;
      const mail = v.safeParse(email, typedEmail);
      const phoned = v.safeParse(optionalPhone, typedPhone);
      const vars = { email: mail.success ? mail.output : null, phone: phoned.success ? phoned.output : null };
      if (!vars.email && !vars.phone) return reset();
      if (onStaff(vars)) {
        asked.current = null;
        return;
      }
      setStaffed(null);
      setStatus((was) => (was === 'STAFFED' ? 'none' : was));
      if (!navigator.onLine) return;
      const key = `${vars.email ?? ''}|${vars.phone ?? ''}`;
      if (asked.current === key) return;
      asked.current = key;
      setStatus('CHECKING');
      try {
        const { user } = await request(Docs.FindUserDocument, { ...vars, role });
        if (asked.current !== key) return;
        if (user && onStaff({ phone: user.phone, email: user.email, userId: user.id })) return;
        setFound(user ?? null);
        setStatus(user ? 'EXISTS' : 'none');
      } catch (error) {
        if (asked.current !== key) return;
        setFound(null);
        setStatus('none');
        onError(error);
      }
    },
    [enabled, onError, reset, onStaff, role],
  );
  return { status, found, staffed, check: (typedEmail: string, typedPhone: string) => void check(typedEmail, typedPhone), reset };
}
