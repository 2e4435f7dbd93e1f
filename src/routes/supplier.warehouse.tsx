import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/coming-soon';

export const Route = createFileRoute('/supplier/warehouse')({
  component: () => <ComingSoon titleId="screen.warehouse" />,
});
