import { expect, type Locator, type Page } from '@playwright/test';
import { catalogs, type Messages } from '../support/i18n';

/** What a test types into the client form; anything left out is not touched. */
export interface ClientInput {
  firstName?: string;
  lastName?: string;
  phone?: string;
  email?: string;
  gender?: 'MALE' | 'FEMALE';
  notes?: string;
  blocked?: boolean;
}

/**
 * The client form (part 1 §2, §5) inside New Client or the client dialog's Personal information tab.
 * Field messages are the fields' accessible descriptions.
 */
export class ClientForm {
  constructor(
    readonly root: Locator,
    readonly t: Messages = catalogs.en,
  ) {}

  field(id: 'client.firstName' | 'client.lastName' | 'client.phone' | 'client.email' | 'client.notes' | 'client.birthday') {
    return this.root.getByLabel(this.t[id], { exact: true });
  }

  get firstName() {
    return this.field('client.firstName');
  }
  get lastName() {
    return this.field('client.lastName');
  }
  get phone() {
    return this.field('client.phone');
  }
  get notes() {
    return this.field('client.notes');
  }
  get genderGroup() {
    return this.root.getByRole('radiogroup', { name: this.t['client.gender'] });
  }
  gender(value: 'MALE' | 'FEMALE') {
    return this.root.getByRole('radio', {
      name: this.t[value === 'MALE' ? 'client.gender.male' : 'client.gender.female'],
      exact: true,
    });
  }
  get blocked() {
    return this.root.getByRole('checkbox', {
      name: this.t['client.blocked'],
      exact: true,
    });
  }

  button(id: 'common.add' | 'common.clear' | 'common.cancel' | 'common.save') {
    return this.root.getByRole('button', { name: this.t[id], exact: true });
  }

  async fill(input: ClientInput) {
    if (input.firstName !== undefined) await this.firstName.fill(input.firstName);
    if (input.lastName !== undefined) await this.lastName.fill(input.lastName);
    if (input.phone !== undefined) await this.phone.fill(input.phone);
    if (input.email !== undefined) await this.field('client.email').fill(input.email);
    // React Aria hides the real radio/checkbox input under its label: click the visible label.
    if (input.gender) await this.gender(input.gender).click({ force: true });
    if (input.notes !== undefined) await this.notes.fill(input.notes);
    if (input.blocked !== undefined && (await this.blocked.isChecked()) !== input.blocked) await this.blocked.click({ force: true });
  }
}

/** /salon/clients (part 1 §2): counters, search, Add Client, the list and the client dialogs. */
export class ClientsPage {
  readonly heading: Locator;
  readonly males: Locator;
  readonly females: Locator;
  readonly total: Locator;
  readonly search: Locator;
  readonly addButton: Locator;
  readonly rows: Locator;
  readonly empty: Locator;
  readonly noMatch: Locator;

  constructor(
    readonly page: Page,
    readonly t: Messages = catalogs.en,
  ) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.males = page.getByTestId('count-males');
    this.females = page.getByTestId('count-females');
    this.total = page.getByTestId('count-total');
    this.search = page.getByRole('searchbox', { name: t['clients.search'] });
    this.addButton = page.getByRole('button', {
      name: t['clients.add'],
      exact: true,
    });
    this.rows = page.getByTestId('client-row');
    this.empty = page.getByText(t['clients.empty'], { exact: true });
    this.noMatch = page.getByText(t['clients.noMatch'], { exact: true });
  }

  /** Goes to the page through the top menu, as a person would. */
  async openFromMenu() {
    await this.page
      .getByRole('navigation', { name: this.t['menu.main'] })
      .getByRole('link', { name: this.t['menu.clients'], exact: true })
      .click();
    await expect(this.page).toHaveURL(/\/salon\/clients(\?|$)/);
    await expect(this.heading).toHaveText(this.t['screen.clients']);
  }

  async goto(query = '') {
    await this.page.goto(`/salon/clients${query}`);
    await expect(this.heading).toHaveText(this.t['screen.clients']);
  }

  async expectCounters(males: number, females: number, total: number) {
    await expect(this.males).toHaveText(String(males));
    await expect(this.females).toHaveText(String(females));
    await expect(this.total).toHaveText(String(total));
  }

  /** The list row whose name button reads exactly `name`. */
  row(name: string) {
    return this.rows.filter({
      has: this.page.getByRole('button', { name, exact: true }),
    });
  }

  pendingBadge(name: string) {
    return this.row(name).getByText(this.t['status.pendingBadge'], {
      exact: true,
    });
  }

  blockedBadge(name: string) {
    return this.row(name).getByText(this.t['clients.blockedBadge'], {
      exact: true,
    });
  }

  newClientDialog() {
    return this.page.getByRole('dialog', { name: this.t['client.new'] });
  }

  /** The client dialog, titled with the client's full name. */
  clientDialog(name: string) {
    return this.page.getByRole('dialog', { name, exact: true });
  }

  deleteDialog() {
    return this.page.getByRole('dialog', {
      name: this.t['client.delete.title'],
    });
  }

  async openNewClient(): Promise<ClientForm> {
    await this.addButton.click();
    const dialog = this.newClientDialog();
    await expect(dialog).toBeVisible();
    return new ClientForm(dialog, this.t);
  }

  /** New Client → fill → Add; waits for the dialog to close. */
  async addClient(input: ClientInput) {
    const form = await this.openNewClient();
    await form.fill(input);
    await form.button('common.add').click();
    await expect(this.newClientDialog()).toBeHidden();
  }

  /** Clicks the client's name in the list and returns the open dialog. */
  async openClient(name: string): Promise<Locator> {
    await this.row(name).getByRole('button', { name, exact: true }).click();
    const dialog = this.clientDialog(name);
    await expect(dialog).toBeVisible();
    return dialog;
  }

  tab(dialog: Locator, id: 'client.tab.personalInformation' | 'client.tab.appointments' | 'client.tab.masters') {
    return dialog.getByRole('tab', { name: this.t[id], exact: true });
  }

  async openDelete(name: string): Promise<Locator> {
    await this.row(name)
      .getByRole('button', {
        name: `${this.t['common.delete']}: ${name}`,
        exact: true,
      })
      .click();
    const dialog = this.deleteDialog();
    await expect(dialog).toBeVisible();
    return dialog;
  }
}
