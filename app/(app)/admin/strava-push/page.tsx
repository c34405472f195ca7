import { StravaPushSection } from '../_components/strava-push-section';
import { pageTitle } from '../../../_lib/page-title';

export const generateMetadata = pageTitle('adminStravaPush');

export default function AdminStravaPushPage() {
  return <StravaPushSection />;
}
