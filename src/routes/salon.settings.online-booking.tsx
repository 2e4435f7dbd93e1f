import { createFileRoute } from '@tanstack/react-router';
import { OnlineBookingPage } from '../ui/online-booking/online-booking-page';

/** Online booking settings (issue 61; the owner and administrators, the /salon layout keeps masters out). */
export const Route = createFileRoute('/salon/settings/online-booking')({ component: OnlineBookingPage });
