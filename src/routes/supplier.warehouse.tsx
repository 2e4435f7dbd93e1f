import { createFileRoute } from '@tanstack/react-router';
import { WarehousePage } from '../ui/warehouse/warehouse-page';

export const Route = createFileRoute('/supplier/warehouse')({ component: WarehousePage });
