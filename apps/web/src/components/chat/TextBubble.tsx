import { useState } from 'react';
import { useT } from '../../i18n';
import { copyText } from '../../lib/clipboard';
import { useLongPress } from '../../lib/useLongPress';
import { showToast } from '../../lib/ui';
import { ActionSheet } from './Sheet';
import s from './chat.module.css';

/**
 * A text message, rendered as text: whatever it contains (HTML included) is shown literally.
 * Holding it (or its context menu) offers Copy.
 */
export function TextBubble({ text }: { text: string }) {
  const t = useT();
  const [menu, setMenu] = useState(false);
  const longPress = useLongPress(() => setMenu(true));

  const copy = async () => {
    const copied = await copyText(text);
    showToast(copied ? t('profile.qr.copied') : t('profile.qr.copyFailed'), {
      role: copied ? 'status' : 'alert',
    });
  };

  return (
    <>
      {/* Focusable so the keyboard's menu key can open Copy too. */}
      <div className={s.text} tabIndex={0} {...longPress}>
        {text}
      </div>
      <ActionSheet
        open={menu}
        title={t('chatWindow.copy')}
        actions={[{ key: 'copy', label: t('chatWindow.copy'), onSelect: () => void copy() }]}
        cancelLabel={t('common.cancel')}
        onClose={() => setMenu(false)}
      />
    </>
  );
}
