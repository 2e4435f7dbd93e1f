import { describe, expect, it } from 'vitest';
import { matchColumns, missingFields, normalizeHeader } from './import-columns';
import { checkRows, cleanCell, importDate, importGender, importMinutes, importPhone } from './import-rows';

const options = { country: 'LV' as const, defaultGender: null };

describe('import columns', () => {
  it('matches headers as Fresha, a Latvian spreadsheet, a Russian one and our own export write them', () => {
    expect(
      matchColumns('clients', ['First Name', 'Last Name', 'Mobile Number', 'Email', 'Date of Birth', 'Gender', 'Note', 'Client Source']),
    ).toEqual(['firstName', 'lastName', 'phone', 'email', 'birthday', 'gender', 'notes', null]);
    expect(matchColumns('clients', ['Vārds, uzvārds', 'Tālrunis', 'E-pasts', 'Dzimšanas diena', 'Dzimums', 'Piezīmes'])).toEqual([
      'fullName',
      'phone',
      'email',
      'birthday',
      'gender',
      'notes',
    ]);
    expect(matchColumns('clients', ['Имя', 'Фамилия', 'Мобильный телефон', 'Эл. почта', 'Пол', 'Комментарий'])).toEqual([
      'firstName',
      'lastName',
      'phone',
      'email',
      'gender',
      'notes',
    ]);
    expect(matchColumns('services', ['Grupa', 'Pakalpojums', 'Ilgums, min', 'Cena'])).toEqual(['group', 'name', 'duration', 'price']);
    expect(matchColumns('products', ['Product', 'SKU', 'Brand', 'Retail price', 'Qty'])).toEqual([
      'name',
      'code',
      'manufacturer',
      'price',
      'stock',
    ]);
    // A field is matched once: the second "Phone" is left out.
    expect(matchColumns('clients', ['Name', 'Phone', 'Phone'])).toEqual(['fullName', 'phone', null]);
    expect(normalizeHeader('  Dzimšanas   DIENA ')).toBe('dzimsanas diena');
  });

  it('says which needed field has no column', () => {
    expect(missingFields('clients', ['phone', 'email'])).toEqual(['firstName']);
    expect(missingFields('clients', ['fullName'])).toEqual([]);
    expect(missingFields('services', ['name', 'price'])).toEqual(['duration']);
  });
});

describe('import cells', () => {
  it('reads phones without the country code as the salon country’s, and a number a spreadsheet took the plus from', () => {
    expect(importPhone('26123456', 'LV')).toBe('+37126123456');
    expect(importPhone('+371 2612 3456', 'LV')).toBe('+37126123456');
    expect(importPhone('37126123456', 'LV')).toBe('+37126123456');
    expect(importPhone('not a phone', 'LV')).toBe('not a phone');
  });
  it('reads genders, dates and durations as salons write them', () => {
    expect(['F', 'female', 'Sieviete', 'ж', 'Женский'].map(importGender)).toEqual(Array(5).fill('FEMALE'));
    expect(['M', 'Male', 'vīrietis', 'м'].map(importGender)).toEqual(Array(4).fill('MALE'));
    expect(importGender('')).toBeNull();
    expect(importGender('X')).toBeUndefined();
    expect(['1990-02-03', '03.02.1990', '3/2/1990', '1990-02-03T00:00:00Z', '12/31/1990'].map(importDate)).toEqual([
      '1990-02-03',
      '1990-02-03',
      '1990-02-03',
      '1990-02-03',
      '1990-12-31',
    ]);
    expect(importDate('31.02.1990')).toBeUndefined();
    expect(importDate('')).toBeNull();
    expect(['45', '45 min', '1:30', '1h 30m', '1.5 h'].map(importMinutes)).toEqual([45, 45, 90, 90, 90]);
    expect(importMinutes('long')).toBeNull();
    expect(cleanCell(" '=1+1 ")).toBe('=1+1');
    expect(cleanCell("'+37120000000")).toBe('+37120000000');
  });
});

describe('import rows', () => {
  const headers = ['First Name', 'Last Name', 'Mobile Number', 'Email', 'Date of Birth', 'Gender', 'Note'];
  const matches = matchColumns('clients', headers);

  it('a good row becomes the client form’s values', () => {
    const [row] = checkRows(
      'clients',
      [['Anna', 'Bērziņa', '26123456', 'Anna@Example.test', '12.04.1988', 'F', 'Mornings']],
      matches,
      options,
    );
    expect(row).toEqual({
      line: 2,
      value: {
        firstName: 'Anna',
        lastName: 'Bērziņa',
        gender: 'FEMALE',
        phone: '+37126123456',
        email: 'anna@example.test',
        notes: 'Mornings',
        birthday: '1988-04-12',
      },
      problems: [],
    });
  });

  it('every problem is named on its column: bad phone, bad e-mail, bad date, unknown gender, no first name', () => {
    const [row] = checkRows('clients', [['', 'Liepa', 'not a phone', 'karlis@example', '1985-13-01', 'X', '']], matches, options);
    expect(row?.value).toBeNull();
    expect(row?.problems).toEqual(
      expect.arrayContaining([
        { column: 5, message: 'import.problem.gender' },
        { column: 4, message: 'import.problem.date' },
        { column: 0, message: 'client.enterFirstName' },
        { column: 2, message: 'validation.phone.invalid' },
        { column: 3, message: 'validation.email.invalid' },
      ]),
    );
    expect(row?.problems).toHaveLength(5);
  });

  it('a full name is split; a row without gender takes the owner’s default or is a problem', () => {
    const full = matchColumns('clients', ['Name', 'Phone']);
    expect(checkRows('clients', [['Anna Marija Ozola', '']], full, { ...options, defaultGender: 'FEMALE' })[0]?.value).toMatchObject({
      firstName: 'Anna',
      lastName: 'Marija Ozola',
      gender: 'FEMALE',
    });
    expect(checkRows('clients', [['Anna Ozola', '']], full, options)[0]?.problems).toEqual([
      { column: null, message: 'client.selectGender' },
    ]);
  });

  it('services: durations on the 5-minute grid, prices as typed in Latvia', () => {
    const m = matchColumns('services', ['Category', 'Service name', 'Duration', 'Price']);
    const rows = checkRows(
      'services',
      [
        ['Hair', 'Cut', '45 min', '€35,00'],
        ['Nails', 'Gel', '47', '30'],
        ['Nails', 'Mani', '50', 'free'],
      ],
      m,
      options,
    );
    expect(rows[0]?.value).toEqual({ group: 'Hair', name: 'Cut', duration: 45, price: '35.00' });
    expect(rows[1]?.problems).toEqual([{ column: 2, message: 'import.problem.durationStep' }]);
    expect(rows[2]?.problems).toEqual([{ column: 3, message: 'service.enterPrice' }]);
  });

  it('products: a manufacturer is needed, the stock is a whole number', () => {
    const m = matchColumns('products', ['Product', 'Code', 'Brand', 'Price', 'Stock']);
    const rows = checkRows(
      'products',
      [
        ['Serum', 'S1', 'Davines', '12,5', '4'],
        ['Mask', '', '', '9', '-1'],
      ],
      m,
      options,
    );
    expect(rows[0]?.value).toEqual({ name: 'Serum', code: 'S1', manufacturer: 'Davines', price: '12.50', stock: 4 });
    expect(rows[1]?.problems).toEqual([
      { column: 2, message: 'product.enterManufacturer' },
      { column: 4, message: 'product.enterQuantity' },
    ]);
  });
});
