import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { appointmentFormSchema, clockOf, toCreateInput, type NewAppointmentValues } from './appointment-form';

const line = { id: 'a'.repeat(24), master: 'b'.repeat(24), cabinet: null, service: 'c'.repeat(24), duration: 60, startTime: 570 };
const form: NewAppointmentValues = { client: null, date: '2026-11-23', notes: '', lines: [line] };
const messages = (mode: 'masters' | 'cabinets', values: unknown) =>
  v.safeParse(appointmentFormSchema(mode), values).issues?.map((i) => i.message) ?? [];

describe('appointment form schema (part 1 §5)', () => {
  it('accepts a walk-in line with master, service, duration and start', () => {
    expect(messages('masters', form)).toEqual([]);
  });
  it('names each missing field with the spec message', () => {
    const empty = { id: line.id, master: null, cabinet: null, service: null, duration: null, startTime: null };
    expect(messages('masters', { ...form, lines: [empty] })).toEqual([
      'appointment.selectMaster',
      'appointment.selectService',
      'appointment.selectDuration',
      'appointment.selectTime',
    ]);
    expect(messages('cabinets', { ...form, lines: [empty] })).toEqual([
      'appointment.selectCabinet',
      'appointment.selectService',
      'appointment.selectDuration',
      'appointment.selectTime',
    ]);
    expect(messages('masters', { ...form, date: '' })).toEqual(['appointment.enterDate']);
    expect(messages('masters', { ...form, lines: [] })).toEqual(['appointment.selectMaster']);
  });
  it('requires the client when editing', () => {
    expect(v.safeParse(appointmentFormSchema('masters', true), form).issues?.map((i) => i.message)).toEqual(['appointment.selectClient']);
  });
  it('sends start times as YYYY-MM-DD HH:mm on the chosen date', () => {
    expect(clockOf(570)).toBe('09:30');
    expect(toCreateInput(form, 's'.repeat(24), 'en').appointments[0]).toMatchObject({
      startAt: '2026-11-23 09:30',
      client: null,
      duration: 60,
    });
  });
});
