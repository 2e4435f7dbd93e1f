import { createFileRoute } from '@tanstack/react-router';
import { ServicesPage } from '../ui/services/services-page';

/** Services settings (part 2 §2). */
export const Route = createFileRoute('/salon/settings/services')({ component: ServicesPage });
