import { expect } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { ClientForm } from './pages/clients-page';
import { MembershipsPage } from './pages/memberships-page';
import { ReportsPage } from './pages/reports-page';
import { SalonShell } from './pages/salon-shell';
import { waitForServiceWorkerControl } from './support/browser';
import { catalogs } from './support/i18n';
import { AppointmentDialog, cents, euros, flowSalon, perUse, pick, rowsOf, say, search, typed, type Lang } from './support/money-flow';
import { addProducts, SaleDialog } from './support/sales';
import { unique } from './support/users';

/**
 * The front desk's money flow end to end (issue 7 item 7; part 1 §2, §4, §5): sell a membership online, then
 * offline book the client, invoice the visit, pay it by MEMBERSHIP (price per use) and sell a product; back online
 * the server has all of it. Each language has its own amounts; every text is read from that language's catalog.
 */
const plans: Record<Lang, { uses: number; price: number; product: { price: number; stock: number; sold: number } }> = {
  en: { uses: 3, price: 10000, product: { price: 1250, stock: 5, sold: 2 } },
  lv: { uses: 4, price: 12050, product: { price: 799, stock: 4, sold: 3 } },
  ru: { uses: 2, price: 9999, product: { price: 1520, stock: 6, sold: 4 } },
};

for (const lang of ['en', 'lv', 'ru'] as const) {
  test(
    `${lang}: membership sold online; offline booked, invoiced, paid by membership and a product sold; synced`,
    { tag: SERVICE_WORKER },
    async ({ page, context }) => {
      // A whole front-desk shift in one test: about 30 s alone, longer on a loaded machine.
      test.setTimeout(120_000);
      const t = catalogs[lang];
      const plan = plans[lang];
      const salon = await flowSalon(page, lang);
      const productName = `Serum ${lang} ${unique().slice(-4)}`;
      const productId = (
        await addProducts(page, [{ name: productName, quantity: plan.product.stock, price: typed(plan.product.price, 'en') }])
      )[productName] as string;
      const client = { firstName: 'Anete', lastName: `Flow${unique().slice(-5)}` };
      const clientName = `${client.firstName} ${client.lastName}`;
      const usePrice = perUse(plan.price, plan.uses);
      const shell = new SalonShell(page, t);

      // 1. Online: a membership of the service for a new client, from the Memberships page.
      const memberships = new MembershipsPage(page, t);
      await memberships.openFromMenu();
      const form = await memberships.openNew();
      const serial = Number(await memberships.field(form, 'memberships.serialNumber').inputValue());
      await form.getByRole('button', { name: t['clientSelector.add'] }).click();
      const newClient = page.getByRole('dialog', { name: t['client.new'] });
      const clientForm = new ClientForm(newClient, t);
      await clientForm.fill({ ...client, gender: 'FEMALE' });
      await clientForm.button('common.add').click();
      await expect(newClient).toBeHidden();
      await expect(form.getByRole('combobox', { name: t['memberships.client'] })).toHaveValue(clientName);
      await pick(page, form, t['membership.service'], salon.service.name);
      await memberships.field(form, 'memberships.uses').fill(String(plan.uses));
      await memberships.field(form, 'membership.price').fill(typed(plan.price, lang));
      await expect(form.getByTestId('price-per-use')).toHaveText(euros(usePrice, lang));
      await form.getByRole('button', { name: t['common.create'], exact: true }).click();
      await expect(form).toBeHidden();
      await expect(memberships.row(serial)).toContainText(say(lang, 'memberships.usesOf', { used: 0, quantity: plan.uses }));
      await expect(page.getByTestId('pending-count')).toHaveCount(0);
      const sold = (await rowsOf(page, 'memberships')).find((m) => m.serialNumber === serial);
      expect(sold).toMatchObject({ serviceId: salon.service.id, quantity: plan.uses, totalUses: 0 });
      expect(cents(sold?.pricePerUse as string)).toBe(usePrice);
      const usedBefore = sold?.totalUses as number;

      await page.goto(`/salon/appointments?date=${salon.date}`);
      await expect(page.getByTestId('tt-col-head')).toHaveCount(1);
      await waitForServiceWorkerControl(page);
      await context.setOffline(true);
      try {
        await expect(shell.status).toHaveText(t['status.offline']);

        // 2. Offline: New Appointment for the client and the membership's service.
        await page.getByRole('button', { name: t['timetable.newAppointment'], exact: true }).click();
        const booking = page.getByRole('dialog', { name: t['appointment.new'] });
        await expect(booking).toBeVisible();
        await search(page, booking.getByRole('combobox', { name: t['appointment.client'] }), clientName);
        await pick(page, booking, t['appointment.master'], salon.master.name);
        await search(page, booking.getByRole('combobox', { name: t['appointment.service'] }), salon.service.name);
        await pick(page, booking, t['appointment.startTime'], '10:00');
        await booking.getByRole('button', { name: t['appointment.create'], exact: true }).click();
        await expect(booking).toHaveCount(0);
        const card = page.getByTestId('tt-card');
        await expect(card).toHaveCount(1);
        await expect(card).toContainText(clientName);
        await expect(card).toContainText(t['status.pendingBadge']);

        // 3. Offline: Create Invoice, MEMBERSHIP brings the price per use, Pay.
        await card.click();
        const edit = new AppointmentDialog(page, t);
        await expect(edit.root).toBeVisible();
        await edit.tab('invoice.tab').click();
        await expect(edit.root.getByText(t['invoice.none'], { exact: true })).toBeVisible();
        await edit.button('invoice.create').click();
        await expect(edit.lines()).toHaveCount(1);
        await expect(edit.lines().first().getByRole('combobox', { name: t['invoice.entity'] })).toHaveValue(salon.service.name);
        await expect(edit.total()).toHaveText(euros(salon.service.price, lang));
        await expect(edit.root.getByTestId('invoice-membership')).toHaveText(
          say(lang, 'invoice.membership', { serialNumber: serial, left: plan.uses - usedBefore }),
        );
        await pick(page, edit.lines().first(), t['invoice.paymentType'], t['payment.MEMBERSHIP']);
        await expect(
          edit
            .lines()
            .first()
            .getByRole('button', { name: new RegExp(`${t['invoice.paymentType']}$`) }),
        ).toContainText(t['payment.MEMBERSHIP']);
        // The line's price is now the price per use, as people of the language type it ('30,13' in lv and ru).
        await expect(edit.price(0)).toHaveValue(typed(usePrice, lang));
        await expect(edit.total()).toHaveText(euros(usePrice, lang));
        await edit.button('invoice.pay').click();
        await expect(edit.root.getByText(t['invoice.paid'], { exact: true })).toBeVisible();
        await expect(edit.root.getByText(t['appointment.paidLocked'])).toBeVisible();
        await expect(edit.button('invoice.pay')).toHaveCount(0);
        await expect(edit.total()).toHaveText(euros(usePrice, lang));
        await page.screenshot({ path: test.info().outputPath(`paid-invoice-${lang}.png`) });
        await edit.button('common.cancel').click();
        await expect(edit.root).toHaveCount(0);
        await expect(card).toContainText(t['status.pendingBadge']);
        await expect(card.getByRole('img', { name: t['payment.MEMBERSHIP'], exact: true })).toBeVisible();

        // 4. Offline: the Sale dialog sells the product.
        const sale = new SaleDialog(page, t);
        await sale.open();
        await pick(page, sale.dialog, t['sale.administrator'], `${salon.owner.firstName} ${salon.owner.lastName}`);
        await sale.chooseProduct(0, productName);
        await sale.choose(0, 'sale.quantity', String(plan.product.sold));
        await sale.choose(0, 'sale.paymentType', t['payment.CC']);
        await expect(sale.dialog.getByTestId('sale-total')).toHaveText(euros(plan.product.sold * plan.product.price, lang));
        await sale.button('sale.pay').click();
        await expect(sale.dialog.getByTestId('sale-paid')).toHaveText(t['sale.paidOffline']);
        await expect(sale.button('sale.pay')).toBeDisabled();
        await sale.button('common.close').click();
        await expect(sale.dialog).toHaveCount(0);
        // One command per action, all kept: the booking, Create Invoice, Pay and the sale.
        await expect(page.getByTestId('pending-count')).toContainText(say(lang, 'status.pending', { count: 4 }));
      } finally {
        await context.setOffline(false);
      }

      // 5. Online: everything is sent; the server has it.
      await expect(shell.status).toHaveText(t['status.online']);
      await expect(page.getByTestId('pending-count')).toHaveCount(0);
      await expect(page.getByTestId('tt-card')).not.toContainText(t['status.pendingBadge']);
      const membership = (await rowsOf(page, 'memberships')).find((m) => m.serialNumber === serial);
      expect(membership?.totalUses).toBe(usedBefore + 1);
      const invoices = await rowsOf(page, 'invoices');
      const visit = invoices.find((i) => i.type === 'APPOINTMENT');
      expect(visit).toMatchObject({
        paid: true,
        membershipId: membership?.id,
        items: [expect.objectContaining({ type: 'SERVICE', entityId: salon.service.id, quantity: 1, paymentType: 'MEMBERSHIP' })],
      });
      expect(cents(visit?.totalPrice as string)).toBe(usePrice);
      const cart = invoices.find((i) => i.type === 'CART');
      expect(cart).toMatchObject({
        paid: true,
        items: [expect.objectContaining({ type: 'PRODUCT', entityId: productId, quantity: plan.product.sold, paymentType: 'CC' })],
      });
      expect(cents(cart?.totalPrice as string)).toBe(plan.product.sold * plan.product.price);
      const product = (await rowsOf(page, 'products')).find((p) => p.id === productId);
      expect(product?.quantity).toBe(plan.product.stock - plan.product.sold);

      // The Memberships page counts the use.
      await memberships.openFromMenu();
      await expect(memberships.row(serial)).toContainText(say(lang, 'memberships.usesOf', { used: usedBefore + 1, quantity: plan.uses }));

      // The Report counts both to the cent (issue 17): today's sale by card, tomorrow's visit by membership.
      const report = new ReportsPage(page, t);
      const soldCents = plan.product.sold * plan.product.price;
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Riga' }).format(new Date());
      await report.open(`?kind=all&from=${today}&to=${salon.date}`);
      await expect(report.tileValue('report.tile.services')).toHaveText(euros(usePrice, lang));
      await expect(report.tileValue('report.tile.products')).toHaveText(euros(soldCents, lang));
      await expect(report.tileValue('report.tile.total')).toHaveText(euros(usePrice + soldCents, lang));
      await expect(report.tileValue('report.tile.servicesSold')).toHaveText('1');
      await expect(report.tileValue('report.tile.itemsSold')).toHaveText(String(plan.product.sold));
      const parts = (id: 'report.tile.services' | 'report.tile.products', part: 'report.pay.membership' | 'report.pay.card') =>
        report
          .tile(id)
          .getByRole('definition')
          .nth(['report.pay.cash', 'report.pay.card', 'report.pay.gift', 'report.pay.membership'].indexOf(part));
      await expect(parts('report.tile.services', 'report.pay.membership')).toHaveText(euros(usePrice, lang));
      await expect(parts('report.tile.products', 'report.pay.card')).toHaveText(euros(soldCents, lang));
      await expect(report.groups).toHaveCount(2);
    },
  );
}
