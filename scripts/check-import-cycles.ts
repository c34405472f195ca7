import { relative } from 'node:path';
import { importCycles, importGraph, sourceFiles } from './import-cycles';

// `npm run check:cycles` (run by .ci/run beside lint): prints each import cycle among the
// project's modules as the files it joins, and exits 1 when there is one.

const FOLDERS = ['server', 'app', 'inngest', 'db', 'scripts'];

const root = process.cwd();
const graph = importGraph(FOLDERS.flatMap(sourceFiles), root);
const cycles = importCycles(graph);
for (const cycle of cycles) console.log(`import cycle: ${cycle.map((f) => relative(root, f)).join(' ↔ ')}`);
console.log(`${graph.size} files, ${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}`);
process.exit(cycles.length === 0 ? 0 : 1);
