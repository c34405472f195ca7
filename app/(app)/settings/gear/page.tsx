import type { Metadata } from 'next';
import { GearSection } from '../_components/gear-section';

export const metadata: Metadata = { title: 'Gear · Stride' };

export default function GearSettingsPage() {
  return <GearSection />;
}
