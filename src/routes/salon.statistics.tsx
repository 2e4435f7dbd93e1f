import { createFileRoute } from '@tanstack/react-router';
import { StatisticsPage } from '../ui/statistics/statistics-page';

export const Route = createFileRoute('/salon/statistics')({ component: StatisticsPage });
