import { useLiveQuery } from 'dexie-react-hooks';
import { clientsByIds } from '../../db/queries/clients';
import { cabinetsByIds } from '../../db/queries/setup';
import { mastersByIds } from '../../db/queries/staff';
import type { Conflict, SalonDb } from '../../db/salon-db';
import { conflictSubject } from '../../domain/rules/conflict-subject';
import { nameIn } from '../../domain/rules/names';
import { dayTimeText } from '../../domain/rules/time';
import { useLanguage, useT } from '../../i18n';

const person = (p: { firstName: string; lastName: string } | undefined) => (p ? `${p.firstName} ${p.lastName}`.trim() : null);

/**
 * Each conflict's subject as a line (issue 24 item 1): 'Anna Ozola · Marta Kalniņa · 04.03.2031 10:00' for an
 * appointment (a walk-in says so), else the name the form gave. Names come from the mirror.
 */
export function useConflictSubjects(db: SalonDb | null, conflicts: readonly Conflict[]): Map<number, string> {
  const t = useT();
  const { language } = useLanguage();
  const walkIn = t('timetable.walkIn');
  // Depends on the conflicts' ids, not on the array (a new one every render), so the read does not restart.
  const conflictKey = conflicts.map((c) => c.id).join(',');
  return (
    useLiveQuery(async () => {
      const out = new Map<number, string>();
      if (!db) return out;
      const subjects = conflicts.map((c) => [c.id as number, conflictSubject(c.args, language)] as const);
      const ids = (pick: (s: (typeof subjects)[number][1]) => string | null) => [
        ...new Set(subjects.flatMap(([, s]) => (pick(s) ? [pick(s) as string] : []))),
      ];
      const [clients, masters, cabinets] = await Promise.all([
        clientsByIds(
          db,
          ids((s) => s.clientId),
        ),
        mastersByIds(
          db,
          ids((s) => s.masterId),
        ),
        cabinetsByIds(
          db,
          ids((s) => s.cabinetId),
        ),
      ]);
      const byId = <T extends { id: string }>(rows: (T | undefined)[]) => new Map(rows.flatMap((r) => (r ? [[r.id, r] as const] : [])));
      const clientOf = byId(clients);
      const masterOf = byId(masters);
      const cabinetOf = byId(cabinets);
      for (const [key, s] of subjects) {
        if (s.startAt) {
          const client = s.clientId ? person(clientOf.get(s.clientId)) : walkIn;
          const provider = [
            s.masterId ? person(masterOf.get(s.masterId)) : null,
            s.cabinetId ? nameIn(cabinetOf.get(s.cabinetId)?.nameVariants, language) || null : null,
          ];
          out.set(key, [client, ...provider, dayTimeText(s.startAt)].filter(Boolean).join(' · '));
        } else if (s.name) out.set(key, s.name);
      }
      return out;
    }, [db, conflictKey, language, walkIn]) ?? new Map()
  );
}
