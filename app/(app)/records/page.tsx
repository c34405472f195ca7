import type { Metadata } from 'next';
import { RecordsScreen } from './_components/records-screen';

export const metadata: Metadata = { title: 'Records · Stride' };

export default function RecordsPage() {
  return <RecordsScreen />;
}
