import type { Metadata } from 'next';
import { StatisticsScreen } from './_components/statistics-screen';

export const metadata: Metadata = { title: 'Statistics · Stride' };

export default function StatisticsPage() {
  return <StatisticsScreen />;
}
