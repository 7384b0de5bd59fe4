import { describe, expect, it } from 'vitest';
import { parseDevice } from './device';

describe('parseDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      { type: 'desktop', browser: 'Microsoft Edge 126', os: 'Windows 10' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      { type: 'mobile', browser: 'Safari 17', os: 'iOS 17.4' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      { type: 'desktop', browser: 'Chrome 140', os: 'Linux' },
    ],
    ['curl/8.5.0', { type: 'Unknown', browser: 'Unknown', os: 'Unknown' }],
    ['', { type: 'Unknown', browser: 'Unknown', os: 'Unknown' }],
  ])('parseDevice(%j)', (userAgent, want) => expect(parseDevice(userAgent)).toEqual(want));
});
