import { createFileRoute } from '@tanstack/react-router';
import { ExportPage } from '../ui/export/export-page';

/** Export data (issue 58; owner only, the /salon layout keeps others out). */
export const Route = createFileRoute('/salon/settings/export')({ component: ExportPage });
