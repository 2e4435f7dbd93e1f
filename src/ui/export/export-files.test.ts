import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/universal';
import { describe, expect, it } from 'vitest';
import type { ExportTable } from '../../domain/rules/export';
import { csvOf, fileOf, xlsxOf, zipOf } from './export-files';

/** Column titles by their last word ('export.col.firstName' → 'firstName'): the writers translate through `say`. */
const say = (id: string) => id.replace('export.col.', '');

const table: ExportTable = {
  file: 'clients',
  columns: [
    { title: 'export.col.firstName', kind: 'text' },
    { title: 'export.col.birthday', kind: 'date' },
    { title: 'export.col.price', kind: 'money' },
    { title: 'export.col.quantity', kind: 'number' },
    { title: 'export.col.notes', kind: 'text' },
  ],
  rows: [
    ['Līga', '1990-02-03', 1250, 2, '=HYPERLINK("http://evil.test","x")'],
    ['Анна', null, 5, 0, '@SUM(1)'],
  ],
};

describe('export files', () => {
  it('CSV: the salon date, money with cents, formulas made text', () => {
    expect(csvOf(table, say)).toBe(
      '\uFEFFfirstName,birthday,price,quantity,notes\r\n' +
        `Līga,03.02.1990,12.50,2,"'=HYPERLINK(""http://evil.test"",""x"")"\r\n` +
        "Анна,,0.05,0,'@SUM(1)\r\n",
    );
  });

  it('XLSX: read back, text stays text (never a formula), dates are dates, money is euros', async () => {
    const blob = await xlsxOf(table, say, 'Clients');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const sheet = new TextDecoder().decode(unzipSync(bytes)['xl/worksheets/sheet1.xml']);
    expect(sheet).not.toContain('<f>');
    const rows = await readSheet(blob);
    expect(rows[0]).toEqual(['firstName', 'birthday', 'price', 'quantity', 'notes']);
    expect(rows[1]).toEqual(['Līga', new Date('1990-02-03T00:00:00.000Z'), 12.5, 2, '=HYPERLINK("http://evil.test","x")']);
    expect(rows[2]).toEqual(['Анна', null, 0.05, 0, '@SUM(1)']);
  });

  it('ZIP: every file under its name', async () => {
    const files = [await fileOf(table, 'csv', say, 'clients', 'Clients'), await fileOf(table, 'xlsx', say, 'services', 'Services')];
    expect(files.map((f) => f.name)).toEqual(['clients.csv', 'services.xlsx']);
    const unzipped = unzipSync(new Uint8Array(await (await zipOf(files)).arrayBuffer()));
    expect(Object.keys(unzipped).sort()).toEqual(['clients.csv', 'services.xlsx']);
    // The byte-order mark is kept, so a spreadsheet reads the names as UTF-8.
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(unzipped['clients.csv'])).toBe(csvOf(table, say));
  });
});
