import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../ui/auth/change-password-page';

export const Route = createFileRoute('/change-password/$token')({ component: ChangePasswordPage });
