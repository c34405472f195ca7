import { pageTitle } from '../../_lib/page-title';
import { FitnessScreen } from './_components/fitness-screen';

export const generateMetadata = pageTitle('fitness');

export default function FitnessPage() {
  return <FitnessScreen />;
}
