import { describe, expect, it } from 'vitest';
import { fillTemplate, salonTemplate, unknownPlaceholders, type TemplateValues } from './message-templates';

const values: TemplateValues = {
  name: 'Anna',
  salon: 'Rīgas Stils',
  address: 'Brīvības 1',
  phone: '+371 2000 1234',
  service: 'Haircut',
  master: 'Līga Ozola',
  what: 'Haircut (Līga Ozola)',
  date: '07.12.2026',
  time: '10:00',
};

describe('message templates (decision 080)', () => {
  it("fills the salon's phone, for a client who wants to call", () => {
    expect(fillTemplate('To move it call {phone}.', values)).toBe('To move it call +371 2000 1234.');
    expect(unknownPlaceholders('{phone} {fax}')).toEqual(['fax']);
  });
  it('fills every known placeholder, as often as it is used', () => {
    expect(fillTemplate('{name}, {service} at {salon}, {date} {time}. {name}!', values)).toBe(
      'Anna, Haircut at Rīgas Stils, 07.12.2026 10:00. Anna!',
    );
  });
  it("leaves anything else as written: no message format runs in an owner's text", () => {
    expect(fillTemplate('{count, plural, one {#} other {#}} {unknown} {{name}}', values)).toBe(
      '{count, plural, one {#} other {#}} {unknown} {Anna}',
    );
  });
  it('names the unknown placeholders once each', () => {
    expect(unknownPlaceholders('{name} {nmae} {nmae} {} {time}')).toEqual(['nmae', '']);
    expect(unknownPlaceholders('Hello, {name}!')).toEqual([]);
  });
  it("finds the salon's template of a kind and language", () => {
    const settings = { clientMessageTemplates: { 'REMINDER.lv': { subject: 's', body: 'b' } } };
    expect(salonTemplate(settings, 'REMINDER', 'lv')).toEqual({ subject: 's', body: 'b' });
    expect(salonTemplate(settings, 'REMINDER', 'en')).toBeNull();
    expect(salonTemplate(null, 'REMINDER', 'lv')).toBeNull();
  });
});
