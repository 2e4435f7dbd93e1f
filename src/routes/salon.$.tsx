import { createFileRoute, notFound } from '@tanstack/react-router';
import { ComingSoon } from '../ui/coming-soon';
import { SALON_SCREENS } from './-screens';

/** Salon screens not built yet show a clear "coming soon"; unknown paths are not found. */
export const Route = createFileRoute('/salon/$')({
  beforeLoad: ({ params }) => {
    if (!SALON_SCREENS[params._splat ?? '']) throw notFound();
  },
  component: Screen,
});

function Screen() {
  const { _splat } = Route.useParams();
  return <ComingSoon titleId={SALON_SCREENS[_splat ?? ''] ?? 'notFound.title'} />;
}
