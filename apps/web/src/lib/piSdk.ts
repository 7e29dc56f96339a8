/**
 * The Pi SDK (`window.Pi`), as PaiChat uses it: load it, `Pi.init({version: "2.0", sandbox})`,
 * then `Pi.authenticate(['username'], onIncompletePaymentFound)` for an access token the server
 * verifies with Pi. Every step has PI_STEP_TIMEOUT_MS to answer, or PiTimeoutError.
 *
 * Loading: the script is Pi Network's own, at PI_SDK_URL (the Content-Security-Policy allows that
 * origin where Pi sign-in is configured). An SDK already on the page (`window.Pi`: the Pi
 * Browser may inject one, a test stubs one before the page loads) is used as it is. That is
 * about loading only: whether this is the Pi Browser is the user agent's to say
 * (environment.ts), since the SDK loads in any browser.
 */

export const PI_SDK_URL = 'https://sdk.minepi.com/pi-sdk.js';

/** How long each step (loading, init, authenticate) may take before "PI authentication timeout". */
export const PI_STEP_TIMEOUT_MS = 60_000;

export interface PiAuthResult {
  accessToken: string;
  user?: { uid: string; username?: string };
}

/** The part of the Pi SDK PaiChat calls. */
export interface PiSdk {
  init(config: { version: string; sandbox?: boolean }): unknown;
  authenticate(scopes: string[], onIncompletePaymentFound: (payment: unknown) => void): Promise<PiAuthResult>;
}

declare global {
  interface Window {
    Pi?: PiSdk;
  }
}

export class PiTimeoutError extends Error {
  override readonly name = 'PiTimeoutError';
}

/** `step`, or PiTimeoutError once `ms` pass without an answer. */
export function withPiTimeout<T>(step: Promise<T>, ms = PI_STEP_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PiTimeoutError('the Pi SDK did not answer in time')), ms);
  });
  return Promise.race([step, timeout]).finally(() => clearTimeout(timer));
}

let loading: Promise<PiSdk> | null = null;

/** The SDK on this page, loading its script once when there is none yet. */
export function loadPiSdk(doc: Document = document): Promise<PiSdk> {
  const present = doc.defaultView?.Pi;
  if (present) return Promise.resolve(present);
  loading ??= new Promise<PiSdk>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = PI_SDK_URL;
    script.async = true;
    script.onload = () => {
      const sdk = doc.defaultView?.Pi;
      if (sdk) resolve(sdk);
      else reject(new Error('the Pi SDK loaded without window.Pi'));
    };
    script.onerror = () => reject(new Error('the Pi SDK could not be loaded'));
    doc.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** PaiChat takes no payments: a payment left open elsewhere is not ours to finish. */
const onIncompletePaymentFound = () => undefined;

/** The SDK's access token for this person, each step within the timeout. */
export async function authenticateWithPi(
  sdk: PiSdk,
  sandbox: boolean,
  onAuthenticating: () => void,
): Promise<string> {
  await withPiTimeout(Promise.resolve(sdk.init({ version: '2.0', sandbox })));
  onAuthenticating();
  const result = await withPiTimeout(sdk.authenticate(['username'], onIncompletePaymentFound));
  if (!result.accessToken) throw new Error('the Pi SDK answered no access token');
  return result.accessToken;
}
