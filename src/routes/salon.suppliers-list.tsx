import { createFileRoute } from '@tanstack/react-router';
import { SuppliersPage } from '../ui/suppliers-list/suppliers-list-page';

export const Route = createFileRoute('/salon/suppliers-list')({ component: SuppliersPage });
