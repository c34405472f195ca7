import type { MetadataRoute } from 'next';
import { APP_ICONS, BACKGROUND_COLOR, THEME_COLORS, appIconUrl } from './_lib/app-icons';

// The web app manifest (served at /manifest.webmanifest, linked by Next from every page): Stride
// installs as a standalone app that opens on the dashboard.
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/dashboard',
    name: 'Stride',
    short_name: 'Stride',
    description: 'Your self-hosted activity log',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND_COLOR,
    // the manifest holds one colour; the pages' <meta name="theme-color"> tags give one per theme
    theme_color: THEME_COLORS.light,
    icons: APP_ICONS.map((icon) => ({
      src: appIconUrl(icon),
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
}
