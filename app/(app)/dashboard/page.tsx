import { DashboardScreen } from './_components/dashboard-screen';
import { pageTitle } from '../../_lib/page-title';

export const generateMetadata = pageTitle('dashboard');

export default function DashboardPage() {
  return <DashboardScreen />;
}
