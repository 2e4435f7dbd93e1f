import { readFileSync } from 'node:fs';
import writeXlsxFile from 'write-excel-file/universal';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_COLUMNS, readImportFile } from './read-import-file';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/import/${name}`, import.meta.url)));
const text = (s: string) => new TextEncoder().encode(s);

describe('reading an imported file', () => {
  it('reads a Fresha-like export in UTF-8 with its mark, quoted cells and all', async () => {
    const read = await readImportFile('clients.csv', fixture('fresha-clients.csv'));
    if (!read.ok) throw new Error(read.message);
    expect(read.table.encoding).toBe('utf-8');
    expect(read.table.headers).toEqual([
      'First Name',
      'Last Name',
      'Mobile Number',
      'Email',
      'Date of Birth',
      'Gender',
      'Note',
      'Client Source',
    ]);
    expect(read.table.rows).toHaveLength(5);
    expect(read.table.rows[0]?.[1]).toBe('Bērziņa');
    expect(read.table.rows[2]?.[6]).toBe('Allergic to latex, use nitrile');
  });

  it('reads a Latvian list saved by Excel in Windows-1257 with semicolons', async () => {
    const read = await readImportFile('saraksts.csv', fixture('latvian-clients-1257.csv'));
    if (!read.ok) throw new Error(read.message);
    expect(read.table.encoding).toBe('windows-1257');
    expect(read.table.headers).toEqual(['Vārds', 'Uzvārds', 'Tālrunis', 'E-pasts', 'Dzimšanas diena', 'Dzimums', 'Piezīmes']);
    expect(read.table.rows.map((r) => `${r[0]} ${r[1]}`)).toEqual(['Līga Kalniņa', 'Ēriks Šmits', 'Zane Ūdre']);
  });

  it('reads the first sheet of an XLSX, dates and numbers as text', async () => {
    const blob = await writeXlsxFile([
      ['Name', 'Phone', 'Birthday', 'Visits'],
      ['Anna Ozola', '+37120000001', { value: new Date('1990-02-03T00:00:00Z'), type: Date, format: 'dd.mm.yyyy' }, 12],
    ]).toBlob();
    const read = await readImportFile('list.xlsx', new Uint8Array(await blob.arrayBuffer()));
    if (!read.ok) throw new Error(read.message);
    expect(read.table).toEqual({
      headers: ['Name', 'Phone', 'Birthday', 'Visits'],
      rows: [['Anna Ozola', '+37120000001', '1990-02-03', '12']],
      encoding: 'xlsx',
    });
  });

  it('refuses, with its message, an empty file, a header alone, a binary file named .csv, a damaged XLSX, too many columns, a 50 MB file', async () => {
    expect(await readImportFile('a.csv', new Uint8Array())).toEqual({ ok: false, message: 'import.file.empty' });
    expect(await readImportFile('a.csv', text('First name,Phone\r\n\r\n'))).toMatchObject({ ok: false, message: 'import.file.noRows' });
    const binary = new Uint8Array(4096).map((_, i) => (i * 7) % 256);
    expect(await readImportFile('a.csv', binary)).toMatchObject({ ok: false, message: 'import.file.notText' });
    expect(await readImportFile('a.csv', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]))).toMatchObject({
      message: 'import.file.notText',
    });
    expect(await readImportFile('a.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toMatchObject({
      message: 'import.file.unreadable',
    });
    const wide = Array.from({ length: 200 }, (_, i) => `Column ${i}`).join(',');
    expect(await readImportFile('a.csv', text(`${wide}\r\n${wide}\r\n`))).toEqual({
      ok: false,
      message: 'import.file.tooManyColumns',
      values: { count: 200, max: MAX_IMPORT_COLUMNS },
    });
    expect(await readImportFile('a.csv', new Uint8Array(50 * 1024 * 1024).fill(0x61))).toMatchObject({
      ok: false,
      message: 'import.file.tooLarge',
    });
  });

  it('reads a generated file of 20 000 clients', async () => {
    const lines = ['First name,Last name,Phone,E-mail,Birthday,Gender'];
    for (let i = 0; i < 20_000; i += 1) lines.push(`Klients${i},Uzvārds${i},+3712${String(1_000_000 + i)},k${i}@example.test,01.02.1990,F`);
    const read = await readImportFile('big.csv', text(lines.join('\r\n')));
    if (!read.ok) throw new Error(read.message);
    expect(read.table.rows).toHaveLength(20_000);
    expect(read.table.rows[19_999]).toEqual(['Klients19999', 'Uzvārds19999', '+37121019999', 'k19999@example.test', '01.02.1990', 'F']);
  });
});
