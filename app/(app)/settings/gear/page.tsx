import { GearSection } from '../_components/gear-section';
import { pageTitle } from '../../../_lib/page-title';

export const generateMetadata = pageTitle('gear');

export default function GearSettingsPage() {
  return <GearSection />;
}
