import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../ui/auth/change-password-page';

/**
 * `?welcome=1`: a master's invitation (issue 63), which chooses a first password rather than a new one; `&ask=email`:
 * one sent by SMS to a master without an e-mail, who chooses the address too (decision 084).
 */
export const Route = createFileRoute('/change-password/$token')({
  validateSearch: (search): { welcome?: true; ask?: 'email' } =>
    String(search.welcome) === '1' ? { welcome: true, ...(search.ask === 'email' ? { ask: 'email' as const } : {}) } : {},
  component: ChangePasswordPage,
});
