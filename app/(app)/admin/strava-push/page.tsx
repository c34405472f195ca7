import type { Metadata } from 'next';
import { StravaPushSection } from '../_components/strava-push-section';

export const metadata: Metadata = { title: 'Strava push · Administration · Stride' };

export default function AdminStravaPushPage() {
  return <StravaPushSection />;
}
