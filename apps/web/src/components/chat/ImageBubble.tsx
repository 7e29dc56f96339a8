import { use, useState } from 'react';
import { useT } from '../../i18n';
import { PictureViewer } from '../media/PictureViewer';
import { ChatImagesContext } from './ChatImages';
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

/**
 * An image: its thumbnail in the chat; tapped, full screen among the chat's other pictures
 * (or alone, where no chat holds it: a favorite).
 */
export function ImageBubble({ content }: { content: ContentOf<'IMAGE'> }) {
  const t = useT();
  const chatImages = use(ChatImagesContext);
  const [alone, setAlone] = useState(false);
  const box = boxOf(content.width, content.height);

  return (
    <>
      <button
        type="button"
        className={s.imageButton}
        style={{ width: box.width, height: box.height }}
        onClick={() => (chatImages ? chatImages.open(content.url) : setAlone(true))}
      >
        <img className={s.image} src={content.thumbUrl || content.url} alt={t('chatWindow.image')} />
      </button>
      {alone && <PictureViewer pictures={[content.url]} index={0} onClose={() => setAlone(false)} />}
    </>
  );
}
