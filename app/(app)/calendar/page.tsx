import { CalendarScreen } from './_components/calendar-screen';
import { pageTitle } from '../../_lib/page-title';

export const generateMetadata = pageTitle('calendar');

export default function CalendarPage() {
  return <CalendarScreen />;
}
