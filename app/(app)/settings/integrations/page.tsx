import { ConnectAppsSection } from '../_components/connect-apps-section';
import { InboxSection } from '../_components/inbox-section';
import { WebhooksSection } from '../_components/webhooks-section';
import { pageTitle } from '../../../_lib/page-title';

export const generateMetadata = pageTitle('integrations');

export default function IntegrationsSettingsPage() {
  return (
    <>
      <ConnectAppsSection />
      <InboxSection />
      <WebhooksSection />
    </>
  );
}
