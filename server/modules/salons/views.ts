import type { SalonRow } from '../../auth/access';
import type { UserRow } from '../../auth/sessions';
import type { Role } from '../../../src/domain/roles';

/** GraphQL shape of a salon (Salon type in server/schema.graphql). */
export function salonView(salon: SalonRow) {
  return {
    id: salon.id,
    name: salon.name,
    address: salon.address,
    administrator: { id: salon.administratorId },
    settings: salon.settings,
    subscription: { active: false, trialEndsAt: salon.trialEndsAt.getTime() },
  };
}

export function authPayload(token: string, user: UserRow, access: { role: Role; isOwner: boolean; salon: SalonRow | null }) {
  return {
    token,
    role: access.role,
    isOwner: access.isOwner,
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      salon: access.salon ? salonView(access.salon) : null,
    },
  };
}
