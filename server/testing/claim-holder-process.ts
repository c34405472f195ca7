import { claimDirectory, DirectoryClaimed, type ClaimRole } from '@/db/pglite-claim';

// Another process that claims a PGlite directory (db/pglite-claim.ts) and keeps it until killed,
// as a server or a CLI does while it has the database open.
//   node --import tsx server/testing/claim-holder-process.ts <dir> <role>
const [dir, role] = process.argv.slice(2) as [string, ClaimRole];
try {
  claimDirectory(dir, role);
} catch (error) {
  if (!(error instanceof DirectoryClaimed)) throw error;
  console.error(error.message);
  process.exit(3);
}
console.log('claimed');
setInterval(() => {}, 60_000);
