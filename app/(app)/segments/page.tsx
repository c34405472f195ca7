import { pageTitle } from '../../_lib/page-title';
import { SegmentsScreen } from './_components/segments-screen';

export const generateMetadata = pageTitle('segments');

export default function SegmentsPage() {
  return <SegmentsScreen />;
}
