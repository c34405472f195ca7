import type { Metadata } from 'next';
import { FitnessScreen } from './_components/fitness-screen';

export const metadata: Metadata = { title: 'Fitness · Stride' };

export default function FitnessPage() {
  return <FitnessScreen />;
}
