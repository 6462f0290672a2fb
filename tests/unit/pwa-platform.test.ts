import { describe, expect, it } from 'vitest';
import { needsIosInstallHowTo } from '../../src/app/pwa/platform';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  ipadOsSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

describe('the iOS "Add to Home Screen" how-to', () => {
  it('shows in iPhone Safari, and in iPadOS Safari (a Mac with touch)', () => {
    expect(
      needsIosInstallHowTo({ userAgent: UA.iphoneSafari, maxTouchPoints: 5, standalone: false }),
    ).toBe(true);
    expect(
      needsIosInstallHowTo({ userAgent: UA.ipadOsSafari, maxTouchPoints: 5, standalone: false }),
    ).toBe(true);
  });

  it('does not show once installed, on a Mac without touch, in other iOS browsers or on Android', () => {
    expect(
      needsIosInstallHowTo({ userAgent: UA.iphoneSafari, maxTouchPoints: 5, standalone: true }),
    ).toBe(false);
    expect(
      needsIosInstallHowTo({ userAgent: UA.ipadOsSafari, maxTouchPoints: 0, standalone: false }),
    ).toBe(false);
    expect(
      needsIosInstallHowTo({ userAgent: UA.iphoneChrome, maxTouchPoints: 5, standalone: false }),
    ).toBe(false);
    expect(
      needsIosInstallHowTo({ userAgent: UA.androidChrome, maxTouchPoints: 5, standalone: false }),
    ).toBe(false);
  });
});
