/** Which browser the app runs in: the Pi Browser announces itself with "PiBrowser" in its UA. */
export type BrowserEnvironment = 'pi' | 'normal';

export function detectEnvironment(userAgent: string): BrowserEnvironment {
  return /PiBrowser/i.test(userAgent) ? 'pi' : 'normal';
}
