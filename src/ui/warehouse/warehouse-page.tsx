import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useT } from '../../i18n';
import { WarehouseInventoryTab } from './warehouse-inventory-tab';
import { WarehouseReportTab } from './warehouse-report-tab';

/**
 * The supplier's Warehouse (part 2 §2 "Supplier screens"): tabs Report (default) and Inventory, both read from the
 * server within the supplier's connections (decision 045).
 */
export function WarehousePage() {
  const t = useT();
  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.warehouse')}</h1>
      </div>
      <Tabs defaultSelectedKey="report" className="tabs">
        <TabList aria-label={t('screen.warehouse')} className="tab-list">
          <Tab id="report" className="tab">
            {t('warehouse.tab.report')}
          </Tab>
          <Tab id="inventory" className="tab">
            {t('warehouse.tab.inventory')}
          </Tab>
        </TabList>
        <TabPanel id="report" className="tab-panel">
          <WarehouseReportTab />
        </TabPanel>
        <TabPanel id="inventory" className="tab-panel">
          <WarehouseInventoryTab />
        </TabPanel>
      </Tabs>
    </section>
  );
}
