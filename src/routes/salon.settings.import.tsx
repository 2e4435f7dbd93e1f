import { createFileRoute } from '@tanstack/react-router';
import { ImportPage } from '../ui/import/import-page';

/** Import data (issue 58; the owner and administrators, the /salon layout keeps masters out). */
export const Route = createFileRoute('/salon/settings/import')({ component: ImportPage });
