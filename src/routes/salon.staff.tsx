import { createFileRoute } from '@tanstack/react-router';
import { StaffPage } from '../ui/staff/staff-page';

/** Staff (part 2 §2). */
export const Route = createFileRoute('/salon/staff')({ component: StaffPage });
