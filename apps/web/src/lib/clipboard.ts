import { t } from '../i18n';
import { showToast } from './ui';

/**
 * Copies text to the clipboard; resolves whether it worked. The async Clipboard API needs a
 * secure context (HTTPS or localhost); elsewhere the old selection-and-copy way still works in
 * most mobile browsers.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, insecure context): try the old way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  try {
    area.select();
    // Deprecated but still the only synchronous fallback outside secure contexts.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copies `text` and says how it went: "Content copied", or on failure what the person can do.
 * Text they cannot see (a link behind a button) can only be tried again; text on the screen
 * could also be copied by hand ('manual').
 */
export async function copyAndTell(text: string, ifFailed: 'retry' | 'manual' = 'retry'): Promise<boolean> {
  const copied = await copyText(text);
  if (copied) showToast(t('profile.qr.copied'), { role: 'status' });
  else showToast(t(ifFailed === 'retry' ? 'common.copyFailed' : 'profile.qr.copyFailed'));
  return copied;
}
