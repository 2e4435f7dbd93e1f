import { createFileRoute } from '@tanstack/react-router';
import { AdministratorsPage } from '../ui/administrators/administrators-page';

/** Administrators (part 2 §2; owner only, the /salon layout keeps others out). */
export const Route = createFileRoute('/salon/settings/administrators')({ component: AdministratorsPage });
