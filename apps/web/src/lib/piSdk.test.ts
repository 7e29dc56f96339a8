import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginRefusal } from './environment';
import {
  authenticateWithPi,
  loadPiSdk,
  PI_SDK_URL,
  PI_STEP_TIMEOUT_MS,
  PiTimeoutError,
  type PiSdk,
} from './piSdk';

afterEach(() => {
  vi.useRealTimers();
  delete window.Pi;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

const stubSdk = (authenticate: PiSdk['authenticate']): PiSdk => ({ init: vi.fn(), authenticate });

describe('the Pi SDK', () => {
  it('uses an SDK already on the page, and loads Pi’s script only when there is none', async () => {
    const present = stubSdk(async () => ({ accessToken: 't' }));
    window.Pi = present;
    expect(await loadPiSdk()).toBe(present);
    expect(document.querySelector('script')).toBeNull();

    delete window.Pi;
    const loading = loadPiSdk();
    const script = document.querySelector('script');
    expect(script?.src).toBe(PI_SDK_URL);
    const loaded = stubSdk(async () => ({ accessToken: 't' }));
    window.Pi = loaded;
    script?.dispatchEvent(new Event('load'));
    expect(await loading).toBe(loaded);
  });

  it('initializes version 2.0 with the sandbox flag and asks for the username scope', async () => {
    const sdk = stubSdk(vi.fn(async () => ({ accessToken: 'pi-access', user: { uid: 'ignored' } })));
    const authenticating = vi.fn();
    expect(await authenticateWithPi(sdk, true, authenticating)).toBe('pi-access');
    expect(sdk.init).toHaveBeenCalledWith({ version: '2.0', sandbox: true });
    expect(authenticating).toHaveBeenCalledOnce();
    expect(sdk.authenticate).toHaveBeenCalledWith(['username'], expect.any(Function));
  });

  it('gives up with a timeout when the SDK does not answer in time', async () => {
    vi.useFakeTimers();
    const sdk = stubSdk(() => new Promise(() => {}));
    const result = authenticateWithPi(sdk, false, () => undefined).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(PI_STEP_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeInstanceOf(PiTimeoutError);
  });
});

describe('which sign-ins a browser allows (spec 1)', () => {
  it('has Pi only inside the Pi Browser, Google and Twitter only outside it, other types nowhere', () => {
    expect(loginRefusal('pi', 'pi')).toBeNull();
    expect(loginRefusal('pi', 'normal')).toEqual({ key: 'signIn.piUnsupported' });
    expect(loginRefusal('google', 'normal')).toBeNull();
    expect(loginRefusal('twitter', 'pi')).toEqual({ key: 'signIn.oauthInPi' });
    expect(loginRefusal('password', 'pi')).toBeNull();
    expect(loginRefusal('Facebook', 'normal')).toEqual({ key: 'signIn.notSupported', type: 'Facebook' });
  });
});
