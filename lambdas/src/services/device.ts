// What the session list shows about a device, read from its User-Agent with bowser (MIT).
import Bowser from 'bowser';

export interface DeviceInfo {
  type: string;
  browser: string;
  os: string;
}

/** Long enough for any real browser's User-Agent; anything past it is not worth storing. */
export const MAX_USER_AGENT = 512;

const unknownDevice: DeviceInfo = { type: 'Unknown', browser: 'Unknown', os: 'Unknown' };

const joined = (...parts: (string | undefined)[]) => parts.filter((p) => p && p.trim()).join(' ') || 'Unknown';

/** 'Chrome 140' on 'Windows 10', type desktop/mobile/tablet/tv; 'Unknown' for what the agent does not say. */
export const parseDevice = (userAgent: string): DeviceInfo => {
  if (!userAgent.trim()) return unknownDevice;
  const { browser, os, platform } = Bowser.parse(userAgent.slice(0, MAX_USER_AGENT));
  return {
    type: platform.type ?? 'Unknown',
    browser: joined(browser.name, browser.version?.split('.')[0]),
    os: joined(os.name, os.versionName ?? os.version),
  };
};
