import { activityBestEffortsRead, recentRecordsRead, recordsRead } from '@/server/services/efforts/reads';
import { calendarRead, dashboardRead, eddingtonRead, statsRead, summaryRead } from '@/server/services/stats/reads';
import { readProcedure, router } from '../init';

// The web UI's twin of GET /activities/{id}/best_efforts, /records and /stats (CONTRACT: Beyond the
// spec … Best efforts and records; … Statistics and calendar).
export const progressRouter = router({
  bestEfforts: readProcedure('DEFAULT', activityBestEffortsRead),
  records: readProcedure('DEFAULT', recordsRead),
  recentRecords: readProcedure('DEFAULT', recentRecordsRead),
  eddington: readProcedure('DEFAULT', eddingtonRead),
  stats: readProcedure('DEFAULT', statsRead),
  calendar: readProcedure('DEFAULT', calendarRead),
  summary: readProcedure('DEFAULT', summaryRead),
  dashboard: readProcedure('DEFAULT', dashboardRead),
});
