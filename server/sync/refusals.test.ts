import { describe, expect, it } from 'vitest';
import { AppError } from '../graphql/errors';
import { refusalOf } from './refusals';

/** Drizzle wraps the driver's error: the PostgreSQL code and constraint sit in `cause`. */
const dbError = (code: string, constraint: string) => Object.assign(new Error('query failed'), { cause: { code, constraint } });

describe('refusalOf', () => {
  it.each([
    ['23P01', 'appointments_master_overlap', 'AlreadyExists', 'TIME_OVERLAPS_WITH_OTHER_RECORD', 'startTime'],
    ['23P01', 'appointments_cabinet_overlap', 'AlreadyExists', 'TIME_OVERLAPS_WITH_OTHER_RECORD', 'startTime'],
    ['23505', 'appointments_pkey', 'AlreadyExists', 'APPOINTMENT_ALREADY_EXISTS', null],
    ['23505', 'clients_salon_phone_key', 'AlreadyExists', 'PHONE_ALREADY_EXISTS', 'phone'],
    ['23505', 'clients_salon_email_key', 'AlreadyExists', 'EMAIL_ALREADY_EXISTS', 'phone'],
  ])('maps %s on %s to %s/%s', (code, constraint, expectedCode, reason, field) => {
    expect(refusalOf(dbError(code, constraint))?.extensions).toMatchObject({ code: expectedCode, reason, field });
  });

  it('keeps business refusals and leaves unexpected errors alone (they are not recorded)', () => {
    const refusal = new AppError('NotExists', 'gone');
    expect(refusalOf(refusal)).toBe(refusal);
    expect(refusalOf(new Error('connection terminated'))).toBeNull();
    expect(refusalOf(dbError('23505', 'sessions_token_key'))).toBeNull();
  });
});
