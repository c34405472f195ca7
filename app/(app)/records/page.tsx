import { RecordsScreen } from './_components/records-screen';
import { pageTitle } from '../../_lib/page-title';

export const generateMetadata = pageTitle('records');

export default function RecordsPage() {
  return <RecordsScreen />;
}
