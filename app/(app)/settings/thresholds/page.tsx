import { ThresholdsSection } from '../_components/thresholds-section';
import { pageTitle } from '../../../_lib/page-title';

export const generateMetadata = pageTitle('thresholds');

export default function ThresholdsSettingsPage() {
  return <ThresholdsSection />;
}
