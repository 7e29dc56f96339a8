import { useState } from 'react';
import { createPortal } from 'react-dom';
import { ImageViewer } from 'antd-mobile';
import { useT } from '../../i18n';
import { showToast } from '../../lib/ui';
import type { ContentOf } from './content';
import s from './chat.module.css';

/** The longest side of an image in the chat, in px (its box is sized before it loads). */
const MAX_SIDE = 144;
const MIN_SIDE = 48;

function boxOf(width?: number, height?: number): { width: number; height: number } {
  if (!width || !height) return { width: MAX_SIDE, height: MAX_SIDE };
  const scale = MAX_SIDE / Math.max(width, height);
  return {
    width: Math.max(MIN_SIDE, Math.round(width * scale)),
    height: Math.max(MIN_SIDE, Math.round(height * scale)),
  };
}

/** Downloads a stored image as a file (files are served to signed-in users by cookie). */
async function saveImage(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = url.slice(url.lastIndexOf('/') + 1);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** An image: its thumbnail in the chat; tapped, the full image with Save. */
export function ImageBubble({ content }: { content: ContentOf<'IMAGE'> }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const box = boxOf(content.width, content.height);

  const save = async () => {
    try {
      await saveImage(content.url);
      showToast(t('profile.qr.saved'), { role: 'status' });
    } catch {
      showToast(t('profile.qr.saveFailed'));
    }
  };

  return (
    <>
      <button
        type="button"
        className={s.imageButton}
        style={{ width: box.width, height: box.height }}
        onClick={() => setOpen(true)}
      >
        <img className={s.image} src={content.thumbUrl || content.url} alt={t('chatWindow.image')} />
      </button>
      <ImageViewer image={content.url} visible={open} onClose={() => setOpen(false)} />
      {/*
        antd-mobile hides its viewer from assistive technology (its mask is aria-hidden), so the
        viewer's actions live in a dialog of their own, laid over the viewer's bottom edge.
      */}
      {open &&
        createPortal(
          <div
            role="dialog"
            aria-label={t('chatWindow.image')}
            className={s.viewerFooter}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setOpen(false);
            }}
          >
            <button type="button" className={s.viewerButton} autoFocus onClick={() => void save()}>
              {t('chatWindow.save')}
            </button>
            <button type="button" className={s.viewerButton} onClick={() => setOpen(false)}>
              {t('chatWindow.close')}
            </button>
          </div>,
          document.body,
        )}
    </>
  );
}
