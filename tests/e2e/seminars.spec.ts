import { expect, test, type Page } from '@playwright/test';
import { SalonShell } from './pages/salon-shell';
import { logIn } from './support/flows';
import { catalogs, type Messages } from './support/i18n';
import { DEMO, DEMO_PASSWORD, unique } from './support/users';

/** A small real PNG (a 1 × 1 pixel) and an HTML page named like one. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082',
  'hex',
);
const HOSTILE = Buffer.from('<html><script>alert(1)</script></html>');

async function chooseLanguage(page: Page, from: Messages, lang: 'lv' | 'ru') {
  await new SalonShell(page, from).chooseLanguage(from[`lang.${lang}`]);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Three days ahead (a seminar masters can still sign up for), typed as DD.MM.YYYY. */
function inThreeDays(): string {
  const d = new Date(Date.now() + 3 * 24 * 3600 * 1000);
  return `${String(d.getUTCDate()).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${d.getUTCFullYear()}`;
}

for (const lang of ['en', 'lv', 'ru'] as const) {
  test(`a supplier adds a seminar with a banner, a master signs up and appears among its visitors (${lang})`, async ({ page, browser }) => {
    const t = catalogs[lang];
    const name = `Balayage ${lang} ${unique()}`;
    await logIn(page, DEMO.supplier.email, DEMO_PASSWORD, /\/supplier\/seminars$/);
    if (lang !== 'en') await chooseLanguage(page, catalogs.en, lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t['screen.seminars']);

    await page.getByRole('button', { name: t['seminar.add'] }).click();
    const dialog = page.getByRole('dialog', { name: t['seminar.new.title'] });
    await dialog.getByRole('button', { name: t['common.add'], exact: true }).click();
    for (const id of [
      'seminar.enterName',
      'seminar.invalidDate',
      'seminar.invalidTime',
      'seminar.selectType',
      'seminar.selectFile',
    ] as const)
      await expect(dialog).toContainText(t[id]);
    await dialog.getByLabel(t['seminar.name'], { exact: true }).fill(name);
    await dialog.getByRole('button', { name: new RegExp(`${t['seminar.type']}$`) }).click();
    await page.getByRole('listbox').getByRole('option', { name: t['seminar.type.HAIRDRESSER'], exact: true }).click();
    await dialog.getByRole('spinbutton').first().click();
    await page.keyboard.type(inThreeDays());
    await dialog.getByRole('button', { name: new RegExp(`${t['seminar.time']}$`) }).click();
    await page.getByRole('listbox').getByRole('option', { name: '10:00', exact: true }).click();
    await dialog.getByRole('button', { name: new RegExp(`${t['seminar.duration']}$`) }).click();
    await page.getByRole('listbox').getByRole('option', { name: '02:00', exact: true }).click();
    await dialog.getByLabel(t['seminar.placeCount'], { exact: true }).fill('5');
    // An HTML page named banner.png is refused from its content, before it is sent.
    const file = dialog.getByLabel(t['seminar.banner'], { exact: true });
    await file.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: HOSTILE });
    await expect(dialog).toContainText(t['seminar.bannerType']);
    await file.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog).not.toContainText(t['seminar.bannerType']);
    await dialog.getByRole('button', { name: t['common.add'], exact: true }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('seminar-row').filter({ hasText: name });
    await expect(row).toContainText('10:00');
    await expect(row).toContainText('02:00');
    await expect(row).toContainText('5 / 5');
    // The search finds it by name; a search that finds nothing says so, not that there are no seminars.
    const search = page.getByRole('searchbox', { name: t['seminar.search'] });
    await search.fill(name);
    await expect(page.getByTestId('seminar-row')).toHaveCount(1);
    await search.fill(`${name} zzz`);
    await expect(page.getByText(t['seminar.noMatches'])).toBeVisible();
    await expect(page.getByText(t['seminar.empty'])).toBeHidden();
    await search.fill('');

    // A master of the demo salon (connected to this supplier) signs up from the panel.
    const master = await (await browser.newContext()).newPage();
    await logIn(master, DEMO.master.email, DEMO_PASSWORD);
    if (lang !== 'en') await chooseLanguage(master, catalogs.en, lang);
    await master.getByRole('link', { name: t['menu.user.seminars'] }).click();
    const card = master.getByTestId('salon-seminar').filter({ hasText: name });
    await card.getByRole('button', { name: t['seminar.signUp'] }).click();
    await expect(card.getByRole('button', { name: t['seminar.cancelSignUp'] })).toBeVisible();
    await expect(card).toContainText(t['seminar.signedUp']);
    // The banner is served as the image it is.
    const banner = await master.request.get((await card.getByRole('link').getAttribute('href')) as string);
    expect(banner.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await banner.body()).equals(PNG)).toBe(true);

    await page.reload();
    await expect(row).toContainText('4 / 5');
    await row.getByRole('button', { name, exact: true }).click();
    const edit = page.getByRole('dialog', { name });
    await edit.getByRole('tab', { name: t['seminar.tab.visitors'] }).click();
    await expect(edit.getByTestId('seminar-visitor')).toHaveText([/Marta Kalniņa.*master@demo\.test/]);
    await edit.getByRole('button', { name: t['common.close'] }).click();
    // A seminar with visitors is not deleted.
    await row.getByRole('button', { name: `${t['common.delete']} ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: t['common.delete'] });
    await expect(confirm).toContainText(t['seminar.delete.body']);
    await confirm.getByRole('button', { name: t['common.yes'], exact: true }).click();
    await expect(confirm).toContainText(t['seminar.hasVisitors']);

    // Giving the place back is asked first (issue 60 item 10): No keeps it, Yes gives it back.
    await card.getByRole('button', { name: t['seminar.cancelSignUp'] }).click();
    const giveBack = master.getByRole('dialog', { name: t['seminar.cancelSignUp'] });
    await expect(giveBack).toContainText(t['seminar.cancelSignUp.question'].replace('{name}', name));
    await giveBack.getByRole('button', { name: t['common.no'], exact: true }).click();
    await expect(giveBack).toBeHidden();
    await expect(card).toContainText(t['seminar.signedUp']);
    await card.getByRole('button', { name: t['seminar.cancelSignUp'] }).click();
    await giveBack.getByRole('button', { name: t['common.yes'], exact: true }).click();
    await expect(card.getByRole('button', { name: t['seminar.signUp'] })).toBeVisible();
    await expect(card.getByTestId('seminar-places')).toContainText('5');
  });
}
