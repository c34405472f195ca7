import { WeightSection } from '../_components/weight-section';
import { pageTitle } from '../../../_lib/page-title';

export const generateMetadata = pageTitle('weight');

export default function WeightSettingsPage() {
  return <WeightSection />;
}
