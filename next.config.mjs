import createNextIntlPlugin from 'next-intl/plugin';

// next-intl reads each request's language and catalogue from i18n/request.ts.
const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build folders let several checkouts' servers coexist (tests, benchmarks).
  distDir: process.env.STRIDE_DIST_DIR || '.next',
  // Native, WASM or worker-thread packages are loaded from node_modules at run time, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'argon2', 'pino', 'postgres', 'busboy', 'fit-file-parser', 'inngest', 'piscina', 'tsx'],
  poweredByHeader: false,
  // The REST contract answers its own 404/405 problems; trailing-slash redirects would hide them.
  skipTrailingSlashRedirect: true,
  typedRoutes: false,
};

export default withNextIntl(nextConfig);
