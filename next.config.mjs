/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native, WASM or worker-thread packages are loaded from node_modules at run time, not bundled.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'argon2',
    'pino',
    'postgres',
    'busboy',
    'fit-file-parser',
    'inngest',
  ],
  poweredByHeader: false,
  // The REST contract answers its own 404/405 problems; trailing-slash redirects would hide them.
  skipTrailingSlashRedirect: true,
  typedRoutes: false,
};

export default nextConfig;
