import Bowser from 'bowser';

export interface UserAgentInfo {
  deviceType: 'desktop' | 'mobile' | 'tablet' | 'other';
  browser: string | null;
  operatingSystem: string | null;
}

const DEVICE_TYPES = new Set(['desktop', 'mobile', 'tablet']);

/** The session record's device, browser and OS, from a maintained parser (bowser). */
export function parseUserAgent(userAgent: string | null): UserAgentInfo {
  if (!userAgent) return { deviceType: 'other', browser: null, operatingSystem: null };
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const join = (name?: string, version?: string) => (name ? [name, version].filter(Boolean).join(' ') : null);
  const platform = parsed.platform.type ?? '';
  return {
    deviceType: DEVICE_TYPES.has(platform) ? (platform as UserAgentInfo['deviceType']) : 'other',
    browser: join(parsed.browser.name, parsed.browser.version),
    operatingSystem: join(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
  };
}
