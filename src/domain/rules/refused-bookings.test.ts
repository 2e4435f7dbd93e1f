import { describe, expect, it } from 'vitest';
import { refusedBookings } from './refused-bookings';

const line = (id: string, startAt: string, extra: Record<string, unknown> = {}) => ({
  id,
  master: 'm1',
  service: 's1',
  duration: 60,
  startAt,
  ...extra,
});
const conflict = (id: number, name: string, input: unknown) => ({
  id,
  name,
  args: { input },
  salonId: 'salon',
  createdAt: '2026-12-05T08:00:00.000Z',
});

describe('refusedBookings', () => {
  it('turns each line of a refused booking on the day into a ghost row', () => {
    const ghosts = refusedBookings(
      [
        conflict(3, 'appointment.create', {
          salon: 'salon',
          group: 'g1',
          appointments: [line('a1', '2026-12-05 10:00', { client: 'c1', notes: 'dye' }), line('a2', '2026-12-05 11:00', { cabinet: 'k1' })],
        }),
      ],
      '2026-12-05',
    );
    expect(ghosts.map((g) => [g.conflictId, g.row.id, g.row.startAt, g.row.endAt])).toEqual([
      [3, 'a1', '2026-12-05 10:00', '2026-12-05 11:00'],
      [3, 'a2', '2026-12-05 11:00', '2026-12-05 12:00'],
    ]);
    expect(ghosts[0]?.row).toMatchObject({ masterId: 'm1', clientId: 'c1', serviceId: 's1', notes: 'dye', groupId: 'g1', archived: false });
    expect(ghosts[1]?.row).toMatchObject({ cabinetId: 'k1', clientId: null });
  });

  it('leaves out other days, other commands and lines it cannot place', () => {
    const ghosts = refusedBookings(
      [
        conflict(1, 'appointment.create', { appointments: [line('x', '2026-12-06 10:00')] }),
        conflict(2, 'appointment.move', { appointmentId: 'y', startAt: '2026-12-05 10:00' }),
        conflict(4, 'appointment.create', { appointments: [line('z', 'soon'), { id: 'w' }, null] }),
        { ...conflict(5, 'appointment.create', { appointments: [line('v', '2026-12-05 09:00')] }), id: undefined },
      ],
      '2026-12-05',
    );
    expect(ghosts).toEqual([]);
  });
});
