import { createFileRoute } from '@tanstack/react-router';
import { InventoryPage } from '../ui/inventory/inventory-page';

/** Inventory (part 2 §2); masters never reach it (src/routes/salon.tsx, src/domain/roles.ts). */
export const Route = createFileRoute('/salon/inventory')({ component: InventoryPage });
