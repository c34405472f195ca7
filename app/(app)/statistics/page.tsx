import { StatisticsScreen } from './_components/statistics-screen';
import { pageTitle } from '../../_lib/page-title';

export const generateMetadata = pageTitle('statistics');

export default function StatisticsPage() {
  return <StatisticsScreen />;
}
