import { createFileRoute } from '@tanstack/react-router';
import { AdminSettingsPage } from '../ui/admin-settings/admin-settings-page';

/** Admin settings (part 2 §2, linked from the menu; issue 60 item 6): client messages, their texts, billing. */
export const Route = createFileRoute('/salon/admin-settings')({ component: AdminSettingsPage });
