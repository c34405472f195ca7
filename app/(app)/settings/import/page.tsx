import type { Metadata } from 'next';
import { ImportSection } from '../_components/import-section';

export const metadata: Metadata = { title: 'Import · Stride' };

export default function ImportSettingsPage() {
  return <ImportSection />;
}
