import { describe, expect, it } from 'vitest';
import { conflictSubject } from './conflict-subject';

describe('conflictSubject', () => {
  it('an appointment: its first line, with client, master or cabinet and start', () => {
    const args = {
      salon: 's',
      appointments: [
        { id: 'a1', master: 'm1', cabinet: null, client: 'c1', service: 'x', startAt: '2031-03-04 10:00' },
        { id: 'a2', master: 'm2', client: 'c1', startAt: '2031-03-04 11:00' },
      ],
    };
    expect(conflictSubject(args, 'en')).toEqual({
      startAt: '2031-03-04 10:00',
      clientId: 'c1',
      masterId: 'm1',
      cabinetId: null,
      name: null,
    });
    expect(conflictSubject({ appointmentId: 'a1', masterId: 'm3', startAt: '2031-03-05 09:30' }, 'en')).toMatchObject({
      masterId: 'm3',
      startAt: '2031-03-05 09:30',
    });
  });

  it('other forms: the person, the name, the name in the language, or the serial number', () => {
    expect(conflictSubject({ firstName: 'Ilze', lastName: 'Kalna' }, 'en').name).toBe('Ilze Kalna');
    expect(conflictSubject({ name: 'Shampoo' }, 'en').name).toBe('Shampoo');
    expect(conflictSubject({ nameVariants: { lv: 'Kabinets', en: 'Cabinet' } }, 'lv').name).toBe('Kabinets');
    expect(conflictSubject({ serialNumber: 42 }, 'en').name).toBe('#42');
    expect(conflictSubject(null, 'en')).toEqual({ startAt: null, clientId: null, masterId: null, cabinetId: null, name: null });
  });
});
