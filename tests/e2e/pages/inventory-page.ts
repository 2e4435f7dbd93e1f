import { expect, type Locator, type Page } from '@playwright/test';
import { storedSessionToken } from '../support/browser';
import { graphql } from '../support/api';
import { catalogs, type Messages } from '../support/i18n';

/** What a test types into the product form; anything left out is not touched. */
export interface ProductInput {
  name?: string;
  manufacturer?: string;
  code?: string;
  quantity?: string;
  price?: string;
  supplierPrice?: string;
  type?: 'SALE' | 'INTERNAL';
}

type TextField = 'product.name' | 'product.code' | 'product.quantity' | 'product.price' | 'product.supplierPrice';

/** The Inventory page (part 2 §2) and its product dialogs. Field messages are the fields' accessible descriptions. */
export class InventoryPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly search: Locator;
  readonly table: Locator;
  readonly filter: Locator;

  constructor(
    readonly page: Page,
    readonly t: Messages = catalogs.en,
  ) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.addButton = page.getByRole('button', { name: t['inventory.add'], exact: true });
    this.search = page.getByRole('searchbox', { name: t['inventory.search'] });
    this.table = page.getByRole('table', { name: t['screen.inventory'] });
    this.filter = page.getByRole('button', { name: new RegExp(t['inventory.manufacturers']) });
  }

  async openFromMenu() {
    await this.page
      .getByRole('navigation', { name: this.t['menu.main'] })
      .getByRole('link', { name: this.t['menu.inventory'], exact: true })
      .click();
    await expect(this.page).toHaveURL(/\/salon\/inventory$/);
    await expect(this.heading).toHaveText(this.t['screen.inventory']);
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: false }) });
  }

  pendingBadge(name: string): Locator {
    return this.row(name).getByText(this.t['status.pendingBadge'], { exact: true });
  }

  newDialog(): Locator {
    return this.page.getByRole('dialog', { name: this.t['product.new.title'] });
  }

  field(dialog: Locator, id: TextField): Locator {
    return dialog.getByRole('textbox', { name: this.t[id], exact: true });
  }

  manufacturerSelect(dialog: Locator): Locator {
    return dialog.getByRole('button', { name: new RegExp(this.t['product.manufacturer']) });
  }

  typeGroup(dialog: Locator): Locator {
    return dialog.getByRole('radiogroup', { name: this.t['product.type'] });
  }

  async fill(dialog: Locator, input: ProductInput) {
    const text: Array<[TextField, string | undefined]> = [
      ['product.name', input.name],
      ['product.code', input.code],
      ['product.quantity', input.quantity],
      ['product.price', input.price],
      ['product.supplierPrice', input.supplierPrice],
    ];
    for (const [id, value] of text) if (value !== undefined) await this.field(dialog, id).fill(value);
    if (input.manufacturer) {
      await this.manufacturerSelect(dialog).click();
      await this.page.getByRole('listbox').getByRole('option', { name: input.manufacturer, exact: true }).click();
      await expect(this.page.getByRole('listbox')).toHaveCount(0);
    }
    // React Aria hides the real radio input under its label: click it through.
    if (input.type) {
      const radio = this.typeGroup(dialog).getByRole('radio', { name: this.t[`product.type.${input.type}`], exact: true });
      await radio.click({ force: true });
      await expect(radio).toBeChecked();
    }
  }

  /** Add New Product, fill, Add; returns the dialog (hidden once the product was added). */
  async add(input: ProductInput): Promise<Locator> {
    await this.addButton.click();
    const dialog = this.newDialog();
    await expect(dialog).toBeVisible();
    await this.fill(dialog, input);
    await dialog.getByRole('button', { name: this.t['common.add'], exact: true }).click();
    return dialog;
  }

  /** The filter offers exactly these manufacturers (they have reached this browser's mirror). */
  async expectManufacturers(names: string[]) {
    // react-aria leaves a Select with no options closed, and the manufacturers reach the page by the sync: a
    // press before they came opened nothing (a CI run under load). Press again until it is open with them.
    const options = this.page.getByRole('listbox').getByRole('option');
    await expect(async () => {
      if ((await this.filter.getAttribute('aria-expanded')) !== 'true') await this.filter.click();
      await expect(options).toHaveText(
        names.map((n) => new RegExp(n)),
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 15_000 });
    await this.page.keyboard.press('Escape');
    await expect(this.page.getByRole('listbox')).toHaveCount(0);
  }

  /** Chooses exactly these manufacturers in the filter (none: clears it). */
  async filterBy(names: string[]) {
    await this.filter.click();
    const list = this.page.getByRole('listbox');
    for (const option of await list.getByRole('option').all()) {
      const name = (await option.textContent())?.replace('✓', '').trim() ?? '';
      const selected = (await option.getAttribute('aria-selected')) === 'true';
      if (selected !== names.includes(name)) await option.click();
    }
    await this.page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
  }
}

/** Adds manufacturers to the signed-in user's salon through the API, as another device would. */
export async function addManufacturers(page: Page, names: string[]) {
  const token = await storedSessionToken(page);
  const viewer = await graphql<{ data: { viewer: { salon: { id: string } } } }>(
    page.request,
    '{ viewer { salon { id } } }',
    token ?? undefined,
  );
  const salon = viewer.data.viewer.salon.id;
  for (const name of names) {
    const id = Array.from({ length: 24 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
    const body = await graphql<{ errors?: unknown }>(
      page.request,
      `mutation { addManufacturer(input: { id: "${id}", salon: "${salon}", name: ${JSON.stringify(name)} }) { id } }`,
      token ?? undefined,
    );
    expect(body.errors).toBeUndefined();
  }
}
