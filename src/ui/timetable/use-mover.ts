import { useCallback, useMemo } from 'react';
import { mayMove, type Mover } from '../../domain/rules/appointment-move';
import type { AppointmentRow } from '../../domain/sync/entities';
import { useSession } from '../auth/use-session';
import { useMasters } from '../salon-setup/use-salon-setup';

/**
 * Who is moving cards, and which cards he may pick up (src/domain/rules/appointment-move.ts): everyone
 * but masters any card; a master his own (his master rows are those of his account). The server checks
 * the same; this only keeps the others' cards from being picked up. Stable while nothing changes, so the
 * grid's cards keep their memo.
 */
export function useMover(): { mover: Mover; canDrag: (a: AppointmentRow) => boolean } {
  const session = useSession();
  const masters = useMasters();
  const role = session?.role ?? 'MASTER';
  const isOwner = Boolean(session?.isOwner);
  const userId = session?.id ?? null;
  const own = (masters ?? []).filter((m) => m.userId !== null && m.userId === userId).map((m) => m.id).join(',');
  const mover = useMemo<Mover>(() => ({ role, isOwner, ownMasterIds: own ? own.split(',') : [] }), [role, isOwner, own]);
  const canDrag = useCallback((a: AppointmentRow) => mayMove(mover, a), [mover]);
  return { mover, canDrag };
}
