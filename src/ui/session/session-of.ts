import type { Docs } from '../../api';
import type { Session } from '../../db/session';
import type { Role } from '../../domain/roles';

/** What login, sign-up, a password change and a salon switch answer with (AuthFields). */
export interface AuthLike {
  token: string;
  role: Role;
  isOwner: boolean;
  user: { id: string; firstName: string; lastName: string; salon?: Docs.SalonFieldsFragment | null };
}

/** The session stored after such an answer (part 1 §4); `keep` carries what the answer does not hold. */
export function sessionOf(auth: AuthLike, keep: Partial<Session> = {}): Session {
  const salon = auth.user.salon ?? null;
  return {
    id: auth.user.id,
    token: auth.token,
    role: auth.role,
    isOwner: auth.isOwner,
    isMaster: auth.role === 'MASTER',
    salon: salon?.id ?? null,
    salonName: salon?.name ?? null,
    salonSettings: salon ? ({ ...salon.settings, schedule: { ...salon.settings.schedule } } as Session['salonSettings']) : null,
    firstName: auth.user.firstName,
    lastName: auth.user.lastName,
    email: null,
    phone: null,
    salons: [],
    showArchive: false,
    ...keep,
  };
}
