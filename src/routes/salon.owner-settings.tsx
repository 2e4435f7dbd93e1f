import { createFileRoute } from '@tanstack/react-router';
import { OwnerSettingsPage } from '../ui/owner-settings/owner-settings-page';

/** Owner Settings (part 2 §2; owner only, the /salon layout keeps others out). */
export const Route = createFileRoute('/salon/owner-settings')({ component: OwnerSettingsPage });
