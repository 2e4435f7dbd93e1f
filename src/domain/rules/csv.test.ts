import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csv', () => {
  it('quotes what needs it and doubles quotes', () => {
    expect(csvField('Anna Bērziņa')).toBe('Anna Bērziņa');
    expect(csvField('Cut, colour')).toBe('"Cut, colour"');
    expect(csvField('The "best" serum')).toBe('"The ""best"" serum"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(-3)).toBe('-3');
  });
  it('never lets a spreadsheet run a cell as a formula', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+37120000000')).toBe("'+37120000000");
    expect(csvField('@cmd')).toBe("'@cmd");
  });
  it('writes a header and rows with CRLF after a byte-order mark', () => {
    expect(toCsv(['Date', 'Total'], [['25.11.2026', '12.50']])).toBe('\uFEFFDate,Total\r\n25.11.2026,12.50\r\n');
  });
});
