import type { Metadata } from 'next';
import { NotificationsSection } from '../_components/notifications-section';

export const metadata: Metadata = { title: 'Notifications · Stride' };

export default function NotificationsSettingsPage() {
  return <NotificationsSection />;
}
