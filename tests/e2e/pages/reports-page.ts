import { expect, type Locator, type Page } from '@playwright/test';
import { salonDay } from '../support/drag';
import type { Messages } from '../support/i18n';

type TileId =
  | 'report.tile.services'
  | 'report.tile.products'
  | 'report.tile.total'
  | 'report.tile.memberships'
  | 'report.tile.servicesSold'
  | 'report.tile.itemsSold'
  | 'report.tile.discounts'
  | 'report.tile.tips';

/** The Report page (part 2 §2) in one language. */
export class ReportsPage {
  readonly title: Locator;
  readonly kind: Locator;
  readonly appRecords: Locator;
  readonly groups: Locator;

  constructor(
    readonly page: Page,
    readonly t: Messages,
  ) {
    this.title = page.getByRole('heading', { level: 1 });
    this.kind = page.getByTestId('report-kind');
    this.appRecords = page.getByRole('checkbox', { name: t['report.appRecords'] });
    this.groups = page.getByTestId('report-group');
  }

  async open(search = '') {
    await this.page.goto(`/salon/reports${search}`);
    await expect(this.title).toHaveText(this.t['screen.reports']);
  }

  /** A group's header, the button that opens and closes its rows (the rows hold the owner's Edit buttons). */
  groupToggle(group: Locator): Locator {
    return group
      .getByRole('button', { expanded: false })
      .or(group.getByRole('button', { expanded: true }))
      .first();
  }

  tile(id: TileId): Locator {
    return this.page.getByRole('region', { name: this.t[id], exact: true });
  }

  tileValue(id: TileId): Locator {
    return this.tile(id).getByTestId('tile-value');
  }

  async chooseKind(
    id:
      | 'report.kind.all'
      | 'report.kind.products'
      | 'report.kind.grouped_by_services'
      | 'report.kind.services'
      | 'report.kind.client_rating'
      | 'report.kind.missed_visits',
  ) {
    await this.kind.click();
    await this.page.getByRole('listbox').getByRole('option', { name: this.t[id], exact: true }).click();
    await expect(this.page.getByRole('listbox')).toHaveCount(0);
  }
}

/**
 * The address of the last three days: the demo seed pays the visits of the two days before its start, so this range
 * holds paid visits at any hour, also when a run crosses the salon's midnight after the seed (today alone would then
 * be a day without paid visits).
 */
export const recentDays = (kind = 'all') => `?kind=${kind}&from=${salonDay(-2)}&to=${salonDay(0)}`;

/** Cents of a shown amount in any of the UI's languages ('€1,234.50', '1 234,50 €'). */
export function shownCents(text: string): number {
  const digits = text.replace(/[^\d,.]/g, '');
  const [whole, fraction = '00'] = digits.split(/[.,](?=\d{2}$)/);
  return Number((whole ?? '0').replace(/[.,]/g, '')) * 100 + Number(fraction);
}
