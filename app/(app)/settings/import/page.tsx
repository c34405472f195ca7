import { ImportSection } from '../_components/import-section';
import { pageTitle } from '../../../_lib/page-title';

export const generateMetadata = pageTitle('import');

export default function ImportSettingsPage() {
  return <ImportSection />;
}
