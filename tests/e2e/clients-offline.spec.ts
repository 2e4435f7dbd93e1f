import { expect } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { ClientForm } from './pages/clients-page';
import { SalonShell } from './pages/salon-shell';
import { recordWhileLoading, waitForServiceWorkerControl } from './support/browser';
import { freshSalonClients, secondDevice, shownPhone, uniquePhone } from './support/clients';
import { logIn } from './support/flows';
import { catalogs } from './support/i18n';

const { en } = catalogs;

/** Clients offline (issue 6 item 6): writes queue, sync when back online, refusals reopen their form. */
test(
  'offline: a new client shows as pending, survives an offline reload, and reaches the server when back online',
  { tag: SERVICE_WORKER },
  async ({ page, context, browser }) => {
    const { owner, clients } = await freshSalonClients(page);
    await waitForServiceWorkerControl(page);
    const shell = new SalonShell(page);
    await expect(shell.status).toHaveText(en['status.online']);

    const name = 'Offline Anete';
    await context.setOffline(true);
    try {
      await expect(shell.status).toHaveText(en['status.offline']);
      await clients.addClient({
        firstName: 'Offline',
        lastName: 'Anete',
        gender: 'FEMALE',
        phone: uniquePhone(),
      });
      await expect(clients.row(name)).toBeVisible();
      await expect(clients.pendingBadge(name)).toBeVisible();
      await clients.expectCounters(0, 1, 1);
      await expect(page.getByTestId('pending-count')).toBeVisible();

      await page.reload();
      await expect(clients.heading).toHaveText(en['screen.clients']);
      await expect(shell.status).toHaveText(en['status.offline']);
      await expect(clients.row(name)).toBeVisible();
      await expect(clients.pendingBadge(name)).toBeVisible();
      await clients.expectCounters(0, 1, 1);
    } finally {
      await context.setOffline(false);
    }

    await expect(shell.status).toHaveText(en['status.online']);
    await expect(clients.pendingBadge(name)).toHaveCount(0);
    await expect(page.getByTestId('pending-count')).toHaveCount(0);
    await expect(clients.row(name)).toBeVisible();

    const other = await secondDevice(browser, owner.email, owner.password);
    try {
      await expect(other.clients.row(name)).toBeVisible();
      await other.clients.expectCounters(0, 1, 1);
    } finally {
      await other.context.close();
    }
  },
);

test(
  'a change refused after coming back online reopens New Client with the attempted values and the message',
  { tag: SERVICE_WORKER },
  async ({ page, context, browser }) => {
    const { owner, clients } = await freshSalonClients(page);
    // Offline, New Client's code comes from the service worker's cache: without it the import fails (whether the
    // chunk happened to be in the HTTP cache depended on how far the worker's install had got).
    await waitForServiceWorkerControl(page);
    const shell = new SalonShell(page);
    await expect(shell.status).toHaveText(en['status.online']);
    const phone = uniquePhone();
    const other = await secondDevice(browser, owner.email, owner.password);
    try {
      await context.setOffline(true);
      try {
        await expect(shell.status).toHaveText(en['status.offline']);
        await clients.addClient({
          firstName: 'Alpha',
          lastName: 'Offline',
          gender: 'FEMALE',
          phone,
          notes: 'tried offline',
        });
        await expect(clients.pendingBadge('Alpha Offline')).toBeVisible();

        // Meanwhile the other device takes the phone number.
        await other.clients.addClient({
          firstName: 'Beta',
          lastName: 'Online',
          gender: 'MALE',
          phone,
        });
        await expect(other.clients.row('Beta Online')).toBeVisible();
        await expect(other.clients.pendingBadge('Beta Online')).toHaveCount(0);
      } finally {
        await context.setOffline(false);
      }
    } finally {
      await other.context.close();
    }

    const conflicts = page.getByTestId('conflict-count');
    // en['status.conflicts'] with count 1.
    await expect(conflicts).toHaveText('1 conflict');
    // The refused change is undone: the server's client is listed, the attempted one is not.
    await expect(clients.row('Beta Online')).toBeVisible();
    await expect(clients.row('Alpha Offline')).toHaveCount(0);
    await clients.expectCounters(1, 0, 1);

    // The conflict survives a reload.
    await page.reload();
    await expect(conflicts).toHaveText('1 conflict');

    await page.getByRole('button', { name: en['conflicts.title'] }).click();
    const list = page.getByRole('dialog', { name: en['conflicts.title'] });
    await expect(list.getByTestId('conflict')).toHaveCount(1);
    await expect(list.getByTestId('conflict')).toContainText(en['client.phoneExists']);
    await list.getByRole('button', { name: en['conflicts.open'], exact: true }).click();

    await expect(page).toHaveURL(/\/salon\/clients/);
    const dialog = clients.newClientDialog();
    await expect(dialog).toBeVisible();
    const form = new ClientForm(dialog, en);
    await expect(form.firstName).toHaveValue('Alpha');
    await expect(form.lastName).toHaveValue('Offline');
    await expect(form.gender('FEMALE')).toBeChecked();
    await expect(form.notes).toHaveValue('tried offline');
    await expect(form.phone).toHaveValue(shownPhone(phone));
    await expect(form.phone).toHaveAccessibleDescription(en['client.phoneExists']);

    // Fixing the phone and adding settles it: the conflict is gone.
    await form.phone.fill(uniquePhone());
    await form.button('common.add').click();
    await expect(dialog).toBeHidden();
    await expect(clients.row('Alpha Offline')).toBeVisible();
    await expect(conflicts).toHaveCount(0);
    await clients.expectCounters(1, 1, 2);
  },
);

test(
  'offline: an edit and a delete apply at once, stay pending, and reach the server when back online',
  { tag: SERVICE_WORKER },
  async ({ page, context, browser }) => {
    const { owner, clients } = await freshSalonClients(page);
    await clients.addClient({
      firstName: 'Gone',
      lastName: 'Soon',
      gender: 'FEMALE',
    });
    await clients.addClient({
      firstName: 'Changed',
      lastName: 'Offline',
      gender: 'FEMALE',
    });
    await clients.expectCounters(0, 2, 2);
    const shell = new SalonShell(page);

    await context.setOffline(true);
    try {
      await expect(shell.status).toHaveText(en['status.offline']);
      const confirm = await clients.openDelete('Gone Soon');
      await confirm.getByRole('button', { name: en['common.yes'], exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(clients.row('Gone Soon')).toHaveCount(0);
      await clients.expectCounters(0, 1, 1);

      const dialog = await clients.openClient('Changed Offline');
      const form = new ClientForm(dialog, en);
      await form.fill({ gender: 'MALE', notes: 'edited without network' });
      await form.button('common.save').click();
      await expect(dialog).toBeHidden();
      await clients.expectCounters(1, 0, 1);
      await expect(clients.pendingBadge('Changed Offline')).toBeVisible();
      await expect(page.getByTestId('pending-count')).toContainText('2 changes waiting');
    } finally {
      await context.setOffline(false);
    }

    await expect(clients.pendingBadge('Changed Offline')).toHaveCount(0);
    await expect(page.getByTestId('pending-count')).toHaveCount(0);

    const other = await secondDevice(browser, owner.email, owner.password);
    try {
      await other.clients.expectCounters(1, 0, 1);
      await expect(other.clients.row('Gone Soon')).toHaveCount(0);
      const dialog = await other.clients.openClient('Changed Offline');
      await expect(new ClientForm(dialog, en).notes).toHaveValue('edited without network');
    } finally {
      await other.context.close();
    }
  },
);

test(
  'a refused offline edit reopens the client dialog from another screen; Cancel keeps the conflict, Dismiss drops it',
  { tag: SERVICE_WORKER },
  async ({ page, context, browser }) => {
    const { owner, clients } = await freshSalonClients(page);
    const taken = uniquePhone();
    await clients.addClient({
      firstName: 'Aina',
      lastName: 'Pirmā',
      gender: 'FEMALE',
      phone: uniquePhone(),
    });
    await clients.addClient({
      firstName: 'Bruno',
      lastName: 'Otrais',
      gender: 'MALE',
    });
    const other = await secondDevice(browser, owner.email, owner.password);
    try {
      await expect(other.clients.row('Bruno Otrais')).toBeVisible();
      await context.setOffline(true);
      try {
        const dialog = await clients.openClient('Bruno Otrais');
        const form = new ClientForm(dialog, en);
        await form.fill({ phone: taken, notes: 'edited offline' });
        await form.button('common.save').click();
        await expect(dialog).toBeHidden();
        await expect(clients.pendingBadge('Bruno Otrais')).toBeVisible();

        // The other device gives the same number to Aina first.
        const otherDialog = await other.clients.openClient('Aina Pirmā');
        const otherForm = new ClientForm(otherDialog, en);
        await otherForm.phone.fill(taken);
        await otherForm.button('common.save').click();
        await expect(otherDialog).toBeHidden();
        await expect(other.clients.pendingBadge('Aina Pirmā')).toHaveCount(0);

        await page
          .getByRole('navigation', { name: en['menu.main'] })
          .getByRole('link', { name: en['menu.appointments'], exact: true })
          .click();
        await expect(page).toHaveURL(/\/salon\/appointments$/);
      } finally {
        await context.setOffline(false);
      }
    } finally {
      await other.context.close();
    }

    const conflicts = page.getByTestId('conflict-count');
    await expect(conflicts).toHaveText('1 conflict');
    const list = page.getByRole('dialog', { name: en['conflicts.title'] });
    await page.getByRole('button', { name: en['conflicts.title'] }).click();
    await expect(list.getByTestId('conflict')).toContainText(en['client.phoneExists']);
    await list.getByRole('button', { name: en['conflicts.open'], exact: true }).click();

    await expect(page).toHaveURL(/\/salon\/clients/);
    const dialog = clients.clientDialog('Bruno Otrais');
    await expect(dialog).toBeVisible();
    const form = new ClientForm(dialog, en);
    await expect(form.notes).toHaveValue('edited offline');
    await expect(form.phone).toHaveValue(shownPhone(taken));
    await expect(form.phone).toHaveAccessibleDescription(en['client.phoneExists']);
    await form.button('common.cancel').click();
    await expect(dialog).toBeHidden();
    // The refused edit was undone in the list, and the conflict waits until it is settled or dismissed.
    await expect(clients.row('Bruno Otrais').getByRole('cell').nth(1)).toHaveText('');
    await expect(conflicts).toHaveText('1 conflict');

    await page.getByRole('button', { name: en['conflicts.title'] }).click();
    await list.getByRole('button', { name: en['conflicts.dismiss'], exact: true }).click();
    await expect(conflicts).toHaveCount(0);
  },
);

test(
  'opening Clients never says for a moment that the salon has none or shows zero counts, online or offline',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    await logIn(page, 'owner@demo.test', 'demo12345');
    await page.goto('/salon/clients');
    await expect(page.getByTestId('count-total')).toHaveText(/^[1-9]\d*$/);
    await waitForServiceWorkerControl(page);
    // The empty list's text, or a counter reading 0, is recorded if it ever shows.
    const watch = await recordWhileLoading(page, { texts: [en['clients.empty']], zeroCounters: ['[data-testid="count-total"]'] });
    for (const offline of [false, true]) {
      await context.setOffline(offline);
      await page.reload();
      await expect(page.getByTestId('count-total')).toHaveText(/^[1-9]\d*$/);
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      expect(await watch.recorded(), offline ? 'offline' : 'online').toEqual([]);
    }
    await context.setOffline(false);
  },
);

// 'Form is unchanged when equal to blank defaults' (part 1 §5): an undone change counts as none.
