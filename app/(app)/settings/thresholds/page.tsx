import type { Metadata } from 'next';
import { ThresholdsSection } from '../_components/thresholds-section';

export const metadata: Metadata = { title: 'Thresholds · Stride' };

export default function ThresholdsSettingsPage() {
  return <ThresholdsSection />;
}
