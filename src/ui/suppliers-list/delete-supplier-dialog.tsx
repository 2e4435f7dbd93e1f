import { Docs, request } from '../../api';
import { useT } from '../../i18n';
import { ConfirmDeleteDialog } from '../list-page/confirm-delete-dialog';
import { useOnline } from '../use-online';
import { refreshSuppliers, type Supplier } from './use-suppliers';

/** "Are you sure you want to delete {firstName} {lastName}?" No / Yes (part 2 §2); Yes needs the network. */
export function DeleteSupplierDialog({ supplier, onClose }: { supplier: Supplier; onClose: () => void }) {
  const t = useT();
  const online = useOnline();
  const run = async () => {
    await request(Docs.DeleteSupplierDocument, { input: { supplierId: supplier.id } });
    await refreshSuppliers();
  };
  return (
    <ConfirmDeleteDialog
      title={t('common.delete')}
      question={online ? t('supplier.delete.body', { firstName: supplier.firstName, lastName: supplier.lastName }) : t('supplier.offline')}
      operation="supplier"
      run={online ? run : null}
      onClose={onClose}
    />
  );
}
