import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useT } from '../../i18n';
import { Dialog } from '../dialog';
import { SupplierConnectionsForm } from './supplier-connections-form';
import { SupplierPersonalForm } from './supplier-personal-form';
import type { Supplier } from './use-suppliers';

/**
 * New Supplier, or the supplier's dialog headed by its name with the tabs Personal Information and Connections
 * (part 2 §2).
 */
export function SupplierDialog({ supplier, onClose }: { supplier: Supplier | null; onClose: () => void }) {
  const t = useT();
  if (!supplier)
    return (
      <Dialog title={t('supplier.new.title')} isOpen onClose={onClose}>
        <SupplierPersonalForm supplier={null} onClose={onClose} />
      </Dialog>
    );
  const name = `${supplier.firstName} ${supplier.lastName}`.trim();
  return (
    <Dialog title={name} isOpen onClose={onClose} size="lg">
      <Tabs defaultSelectedKey="personal" className="tabs">
        <TabList aria-label={name} className="tab-list">
          <Tab id="personal" className="tab">
            {t('supplier.tab.personal')}
          </Tab>
          <Tab id="connections" className="tab">
            {t('supplier.tab.connections')}
          </Tab>
        </TabList>
        <TabPanel id="personal" className="tab-panel">
          <SupplierPersonalForm supplier={supplier} onClose={onClose} />
        </TabPanel>
        <TabPanel id="connections" className="tab-panel">
          <SupplierConnectionsForm supplier={supplier} onClose={onClose} />
        </TabPanel>
      </Tabs>
    </Dialog>
  );
}
