// The installable app's look, in one place: the manifest (app/manifest.ts), the icon route
// (app/icons/[file]/route.tsx), the root layout's theme-color tags and the service worker's
// shell list (public/sw.js, which cannot import this) all follow these.

export interface AppIcon {
  file: string;
  size: number;
  /** maskable icons fill their square; the mark keeps to the central safe zone (80 %) */
  purpose: 'any' | 'maskable';
}

export const APP_ICONS: readonly AppIcon[] = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
];

export const appIconUrl = (icon: AppIcon): string => `/icons/${icon.file}`;

/** the header's background in each theme (globals.css --card), so the browser's bar continues it */
export const THEME_COLORS = { light: '#ffffff', dark: '#1c1c20' } as const;
/** the page background of the light theme (globals.css --bg): the splash screen's colour */
export const BACKGROUND_COLOR = '#f7f7f5';
/** the brand's accent (globals.css --accent, light) */
export const ACCENT_COLOR = '#c23f19';
