import { useState } from 'react';
import { Dialog } from 'antd-mobile';
import { useT } from '../../i18n';
import { copyAndTell } from '../../lib/clipboard';
import {
  detectEnvironment,
  piBrowserLink,
  PI_BROWSER_DOWNLOAD_URL,
  PI_DIALOG_SEEN_KEY,
} from '../../lib/environment';

function alreadyAnswered(): boolean {
  try {
    return globalThis.localStorage?.getItem(PI_DIALOG_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

function remember(): void {
  try {
    globalThis.localStorage?.setItem(PI_DIALOG_SEEN_KEY, '1');
  } catch {
    // Storage blocked: the dialog may come back next time, nothing worse.
  }
}

/**
 * Discover's recommendation of the Pi Browser (spec 1), shown outside it, once: continue anyway,
 * open this page in the Pi Browser, download the Pi Browser, or copy the link to open it there.
 */
export function PiBrowserDialog({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const t = useT();
  const [open, setOpen] = useState(() => detectEnvironment(userAgent) === 'normal' && !alreadyAnswered());

  const choose = async (key: string | number) => {
    remember();
    setOpen(false);
    if (key === 'open') window.location.href = piBrowserLink(window.location);
    else if (key === 'download') window.open(PI_BROWSER_DOWNLOAD_URL, '_blank', 'noopener');
    else if (key === 'copy') await copyAndTell(window.location.href);
  };

  return (
    <Dialog
      visible={open}
      title={t('discover.piDialog.title')}
      content={t('discover.piDialog.text')}
      onAction={(action) => void choose(action.key)}
      actions={[
        [{ key: 'open', text: t('discover.piDialog.open'), bold: true }],
        [{ key: 'download', text: t('discover.piDialog.download') }],
        [{ key: 'copy', text: t('discover.piDialog.copy') }],
        [{ key: 'continue', text: t('discover.piDialog.continue') }],
      ]}
    />
  );
}
