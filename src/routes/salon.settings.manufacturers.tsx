import { createFileRoute } from '@tanstack/react-router';
import { ManufacturersPage } from '../ui/manufacturers/manufacturers-page';

/** Manufacturers settings (part 2 §2). */
export const Route = createFileRoute('/salon/settings/manufacturers')({ component: ManufacturersPage });
