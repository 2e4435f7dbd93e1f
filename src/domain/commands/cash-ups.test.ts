import { describe, expect, it } from 'vitest';
import { checkCloseCashUp } from './cash-ups';

const input = {
  id: 'a'.repeat(24),
  salon: 's'.repeat(24),
  date: '2026-12-04',
  countedCash: '40.00',
  note: '',
  expectedCash: '0.00',
  command: null,
};
const owner = { role: 'ADMIN', isOwner: true, salonId: 's'.repeat(24) } as const;
const reads = { idTaken: false, closed: false, today: '2026-12-04' };

describe('closeCashUp check (issue 59 item 3)', () => {
  it('lets an administrator close today or an earlier day once', () => {
    expect(checkCloseCashUp(input, owner, reads)).toBeNull();
    expect(checkCloseCashUp({ ...input, date: '2026-11-30' }, { ...owner, isOwner: false }, reads)).toBeNull();
  });

  it('refuses, in this order: a master or another salon, a taken id, a day not begun, a day closed', () => {
    expect(checkCloseCashUp(input, { ...owner, role: 'MASTER', isOwner: false }, reads)?.reason).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
    expect(checkCloseCashUp({ ...input, salon: 'o'.repeat(24) }, owner, reads)?.reason).toBe('NOT_THE_SESSION_SALON');
    expect(checkCloseCashUp(input, owner, { ...reads, idTaken: true, closed: true })?.reason).toBe('ID_ALREADY_EXISTS');
    expect(checkCloseCashUp({ ...input, date: '2026-12-05' }, owner, { ...reads, closed: true })).toMatchObject({
      reason: 'CASH_UP_DAY_NOT_OVER',
      field: 'date',
    });
    expect(checkCloseCashUp(input, owner, { ...reads, closed: true })).toMatchObject({
      reason: 'CASH_UP_ALREADY_EXISTS',
      field: 'countedCash',
      messageId: 'cashUp.closed',
    });
  });
});
