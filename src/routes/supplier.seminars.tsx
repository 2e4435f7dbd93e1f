import { createFileRoute } from '@tanstack/react-router';
import { SeminarsPage } from '../ui/seminars/seminars-page';

export const Route = createFileRoute('/supplier/seminars')({ component: SeminarsPage });
