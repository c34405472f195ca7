import { NotificationsSection } from '../_components/notifications-section';
import { pageTitle } from '../../../_lib/page-title';

export const generateMetadata = pageTitle('notifications');

export default function NotificationsSettingsPage() {
  return <NotificationsSection />;
}
