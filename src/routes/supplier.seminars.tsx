import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/coming-soon';

export const Route = createFileRoute('/supplier/seminars')({
  component: () => <ComingSoon titleId="screen.seminars" />,
});
