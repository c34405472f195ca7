import type { Metadata } from 'next';
import { WeightSection } from '../_components/weight-section';

export const metadata: Metadata = { title: 'Weight · Stride' };

export default function WeightSettingsPage() {
  return <WeightSection />;
}
