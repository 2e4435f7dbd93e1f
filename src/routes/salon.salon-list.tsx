import { createFileRoute } from '@tanstack/react-router';
import { SalonListPage } from '../ui/salon-list/salon-list-page';

export const Route = createFileRoute('/salon/salon-list')({ component: SalonListPage });
