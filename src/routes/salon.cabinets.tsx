import { createFileRoute } from '@tanstack/react-router';
import { CabinetsPage } from '../ui/cabinets/cabinets-page';

/** Cabinets (part 2 §2). */
export const Route = createFileRoute('/salon/cabinets')({ component: CabinetsPage });
