import { CurvesScreen } from './_components/curves-screen';
import { pageTitle } from '../../_lib/page-title';

export const generateMetadata = pageTitle('curves');

export default function CurvesPage() {
  return <CurvesScreen />;
}
