import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionPage } from '../ui/subscription/subscription-page';

/** The spec's path (part 2 §2) for the subscription's invoices; the area is named subscription (decision 047). */
export const Route = createFileRoute('/salon/invoices')({ component: SubscriptionPage });
