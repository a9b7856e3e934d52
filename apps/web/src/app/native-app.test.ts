import { describe, expect, it } from 'vitest';
import { homePathFor, isNativeApp } from './native-app.ts';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('native app detection', () => {
  it('recognises the app shell by its user-agent product token, with or without a version', () => {
    expect(isNativeApp(`${CHROME_ANDROID} SobremesaApp/2.3.1`)).toBe(true);
    expect(isNativeApp(`SobremesaApp ${CHROME_ANDROID}`)).toBe(true);
    expect(isNativeApp(`Mozilla/5.0 (iPad; SobremesaApp/1.0; CPU OS 17_0 like Mac OS X)`)).toBe(true);
  });

  it('treats every browser, and look-alike tokens, as a browser', () => {
    expect(isNativeApp(CHROME_ANDROID)).toBe(false);
    expect(isNativeApp(`${CHROME_ANDROID} NotSobremesaApp/1.0`)).toBe(false);
    expect(isNativeApp(`${CHROME_ANDROID} SobremesaAppX/1.0`)).toBe(false);
    expect(isNativeApp('')).toBe(false);
  });

  it('sends / to /copilot in the app and to /reservar in a browser', () => {
    expect(homePathFor(`${CHROME_ANDROID} SobremesaApp/2.3`)).toBe('/copilot');
    expect(homePathFor(CHROME_ANDROID)).toBe('/reservar');
  });
});
