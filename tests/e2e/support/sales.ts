import { expect, type Locator, type Page } from '@playwright/test';
import { mirrorHas, storedSessionToken } from './browser';
import { signUpOwner } from './flows';
import { catalogs, type Messages } from './i18n';

type Loose = Record<string, unknown>;

const randomId = () => Array.from({ length: 24 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** One GraphQL call with the signed-in user's token, as another device of his would make it. */
export async function api<T = Loose>(
  page: Page,
  query: string,
  variables: Loose = {},
): Promise<{ data: T | null; errors?: Array<{ message: string; extensions?: Loose }> }> {
  const token = await storedSessionToken(page);
  const response = await page.request.post('/graphql', {
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    data: { query, variables },
  });
  return (await response.json()) as { data: T | null; errors?: Array<{ message: string; extensions?: Loose }> };
}

/** The signed-in user's id and salon. */
export async function viewer(page: Page): Promise<{ userId: string; salonId: string }> {
  const body = await api<{ viewer: { id: string; salon: { id: string } } }>(page, '{ viewer { id salon { id } } }');
  return { userId: body.data?.viewer.id as string, salonId: body.data?.viewer.salon.id as string };
}

export interface NewProduct {
  name: string;
  quantity: number;
  price: string;
  type?: 'SALE' | 'INTERNAL';
}

/** Adds a manufacturer and these products through the API; returns the products' ids by name. */
export async function addProducts(page: Page, products: NewProduct[]): Promise<Record<string, string>> {
  const { salonId } = await viewer(page);
  const manufacturer = randomId();
  const made = await api(page, 'mutation M($input: AddManufacturerInput!) { addManufacturer(input: $input) { id } }', {
    input: { id: manufacturer, salon: salonId, name: `Brand ${randomId().slice(0, 5)}` },
  });
  expect(made.errors).toBeUndefined();
  const ids: Record<string, string> = {};
  for (const p of products) {
    const id = randomId();
    const input = {
      id,
      salon: salonId,
      name: p.name,
      manufacturer,
      code: '',
      quantity: p.quantity,
      price: p.price,
      supplierPrice: '',
      type: p.type ?? 'SALE',
    };
    const body = await api(page, 'mutation P($input: AddProductInput!) { addProduct(input: $input) { id } }', { input });
    expect(body.errors).toBeUndefined();
    ids[p.name] = id;
  }
  return ids;
}

/** A fresh owner's salon with a paid sale of 2 × Shampoo at 12.50 in cash, made through the API and synced to the device. */
export async function salonWithSale(page: Page) {
  await signUpOwner(page, { phone: '+371 2000 7781' });
  const { Shampoo: product } = await addProducts(page, [{ name: 'Shampoo', quantity: 5, price: '12.50' }]);
  const { userId, salonId } = await viewer(page);
  const sale = randomId();
  const made = await api(page, 'mutation S($input: CreateCartInvoiceInput!) { createCartInvoice(input: $input) { id } }', {
    input: {
      id: sale,
      salon: salonId,
      administrator: userId,
      items: [{ id: randomId(), entity: product, quantity: 2, price: '12.50', paymentType: 'CASH' }],
    },
  });
  expect(made.errors).toBeUndefined();
  await expect.poll(() => mirrorHas(page, 'invoices', sale)).toBe(true);
  return { sale, product: product as string, salonId };
}

/** The server's rows of one entity, as a full pull sends them. */
export async function serverRows(page: Page, entity: string): Promise<Loose[]> {
  const { salonId } = await viewer(page);
  const rows = new Map<string, Loose>();
  let cursor = 0;
  for (;;) {
    const body = await api<{
      pull: { changes: Array<{ entity: string; id: string; deleted: boolean; data: string | null }>; cursor: number; hasMore: boolean };
    }>(page, 'query Pull($input: PullInput!) { pull(input: $input) { changes { entity id deleted data } cursor hasMore } }', {
      input: { salon: salonId, cursor },
    });
    const pull = body.data?.pull;
    if (!pull) throw new Error(JSON.stringify(body.errors));
    for (const c of pull.changes.filter((x) => x.entity === entity)) {
      if (c.deleted || !c.data) rows.delete(c.id);
      else rows.set(c.id, JSON.parse(c.data) as Loose);
    }
    cursor = pull.cursor;
    if (!pull.hasMore) return [...rows.values()];
  }
}

/** The Sale dialog (part 1 §2) as a person sees it. */
export class SaleDialog {
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    readonly t: Messages = catalogs.en,
  ) {
    this.dialog = page.getByRole('dialog', { name: t['sale.title'] });
  }

  get openButton(): Locator {
    return this.page.getByRole('button', { name: this.t['sale.button'], exact: true });
  }

  async open() {
    await this.openButton.click();
    await expect(this.dialog).toBeVisible();
  }

  /** A button of the form (Close is the footer's, not the title bar's ×). */
  button(id: 'sale.pay' | 'sale.archive' | 'sale.addItem' | 'common.close'): Locator {
    return this.dialog.getByRole('button', { name: this.t[id], exact: true }).filter({ hasText: this.t[id] });
  }

  items(): Locator {
    return this.dialog.getByTestId('sale-item');
  }

  product(row: number): Locator {
    return this.items().nth(row).getByRole('combobox', { name: this.t['sale.product'] });
  }

  price(row: number): Locator {
    return this.items().nth(row).getByRole('textbox', { name: this.t['sale.price'], exact: true });
  }

  select(row: number, id: 'sale.quantity' | 'sale.paymentType'): Locator {
    return this.items()
      .nth(row)
      .getByRole('button', { name: new RegExp(this.t[id]) });
  }

  /** Searches the row's product list for `name` and picks it. */
  async chooseProduct(row: number, name: string) {
    await this.product(row).fill(name);
    await this.page
      .getByRole('listbox')
      .getByRole('option', { name: new RegExp(`^${name}`) })
      .click();
    await expect(this.product(row)).toHaveValue(name);
  }

  /** Picks an option of the row's quantity or payment type select. */
  async choose(row: number, id: 'sale.quantity' | 'sale.paymentType', option: string) {
    await this.select(row, id).click();
    await this.page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    await expect(this.page.getByRole('listbox')).toHaveCount(0);
  }

  /** The names offered by the row's product list (closed again afterwards). */
  async offered(row: number): Promise<string[]> {
    await this.product(row).click();
    const list = this.page.getByRole('listbox');
    await expect(list).toBeVisible();
    const names = await list
      .getByRole('option')
      .evaluateAll((options) => options.map((o) => o.querySelector('.sale-product-option > span')?.textContent ?? ''));
    await this.page.keyboard.press('Escape');
    await this.product(row).blur();
    return names;
  }
}
