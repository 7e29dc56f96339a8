import { useState } from 'react';
import type { Favorite } from '@paichat/protocol';
import { Sheet } from '../../components/chat/Sheet';
import { ContentByType } from '../../components/chat/MessageBubble';
import { readContent } from '../../components/chat/content';
import { PictureViewer } from '../../components/media/PictureViewer';
import { currentLocale, useT } from '../../i18n';
import { formatChatTime } from '../../lib/chatTime';
import s from './favorites.module.css';

export interface FavoriteDetailProps {
  favorite: Favorite | null;
  onClose: () => void;
  onSend: (favorite: Favorite) => void;
  onDelete: (favorite: Favorite) => void;
}

/** A saved picture at the sheet's width; tapped, full screen. */
function FullPicture({ url, alt }: { url: string; alt: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={s.fullImageButton} onClick={() => setOpen(true)}>
        <img className={s.fullImage} src={url} alt={alt} />
      </button>
      {open && <PictureViewer pictures={[url]} index={0} onClose={() => setOpen(false)} />}
    </>
  );
}

/** What a favorite holds at full size: all of its text, the whole picture, or its message as the chat shows it. */
function FullContent({ favorite }: { favorite: Favorite }) {
  const t = useT();
  if (favorite.kind === 'TEXT' || favorite.kind === 'NOTE') {
    return <p className={s.fullText}>{readContent('TEXT', favorite.content)?.text}</p>;
  }
  const image = favorite.kind === 'IMAGE' ? readContent('IMAGE', favorite.content) : null;
  if (image) return <FullPicture url={image.url} alt={t('favorites.kind.IMAGE')} />;
  return <ContentByType msgType={favorite.kind} content={favorite.content} />;
}

/** One favorite, opened: its content, where it came from, and Send to a friend or Delete. */
export function FavoriteDetail({ favorite, onClose, onSend, onDelete }: FavoriteDetailProps) {
  const t = useT();
  const origin = ({ kind, sourceName, sourceTime }: Favorite) => {
    const time = formatChatTime(sourceTime, Date.now(), currentLocale());
    return kind === 'NOTE'
      ? t('favorites.written', { time })
      : t('favorites.from', { name: sourceName, time });
  };
  return (
    <Sheet open={favorite !== null} title={t('favorites.detail')} onClose={onClose}>
      {favorite && (
        <div className={s.detail}>
          <FullContent favorite={favorite} />
          <p className={s.meta}>{origin(favorite)}</p>
          <div className={s.detailActions}>
            <button type="button" onClick={() => onSend(favorite)}>
              {t('favorites.send')}
            </button>
            <button type="button" className={s.danger} onClick={() => onDelete(favorite)}>
              {t('favorites.delete')}
            </button>
          </div>
        </div>
      )}
    </Sheet>
  );
}
