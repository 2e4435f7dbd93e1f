import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../ui/auth/change-password-page';

/** `?welcome=1`: a master's invitation (issue 63), which chooses a first password rather than a new one. */
export const Route = createFileRoute('/change-password/$token')({
  validateSearch: (search): { welcome?: true } => (String(search.welcome) === '1' ? { welcome: true } : {}),
  component: ChangePasswordPage,
});
