import type { Metadata } from 'next';
import { InboxSection } from '../_components/inbox-section';
import { WebhooksSection } from '../_components/webhooks-section';

export const metadata: Metadata = { title: 'Integrations · Stride' };

export default function IntegrationsSettingsPage() {
  return (
    <>
      <InboxSection />
      <WebhooksSection />
    </>
  );
}
