import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../ui/auth/verify-email-page';

export const Route = createFileRoute('/verify-email/$email/$token')({ component: VerifyEmailPage });
