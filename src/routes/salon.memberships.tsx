import { createFileRoute } from '@tanstack/react-router';
import { MembershipsPage } from '../ui/memberships/memberships-page';

/** Memberships (part 1 §2). */
export const Route = createFileRoute('/salon/memberships')({ component: MembershipsPage });
