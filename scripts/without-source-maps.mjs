// Loaded by `npm start` and `npm run import` right after tsx (`--import tsx --import
// ./scripts/without-source-maps.mjs`): tsx turns Node's source-map support on, and Node then parses
// and keeps the source map of every module it loads from then on, with the original sources inside
// (Next.js's runtime and its chunks, every package). That held megabytes of strings in a running
// server (bench/README.md). Stack traces then name positions in the
// JavaScript that ran (tsx's output, Next.js's chunks) rather than in the TypeScript sources;
// tests and `next dev` keep their source maps.
process.setSourceMapsEnabled(false);
