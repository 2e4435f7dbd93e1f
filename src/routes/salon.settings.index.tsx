import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../ui/settings/settings-page';

/**
 * General Settings (part 2 §2, /salon/settings). An index route, so /salon/settings/services and the other settings
 * screens are its siblings, not its children.
 */
export const Route = createFileRoute('/salon/settings/')({
  component: SettingsPage,
});
