import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/coming-soon';

/** The timetable arrives with its own issue; the route exists so every login lands somewhere real. */
export const Route = createFileRoute('/salon/appointments')({
  component: () => <ComingSoon titleId="screen.appointments" />,
});
