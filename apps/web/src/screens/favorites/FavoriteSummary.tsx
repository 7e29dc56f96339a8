import type { ComponentType } from 'react';
import {
  EditSOutline,
  EnvironmentOutline,
  MessageOutline,
  PictureOutline,
  SoundOutline,
  UserContactOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import type { Favorite, FavoriteKind } from '@paichat/protocol';
import { currentLocale, useT } from '../../i18n';
import { formatChatTime } from '../../lib/chatTime';
import { contentPreview } from '../../store/chat/preview';
import { useFavoriteTexts } from './useFavoriteTexts';
import s from './favorites.module.css';

const KIND_ICON: Record<FavoriteKind, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  TEXT: MessageOutline,
  NOTE: EditSOutline,
  IMAGE: PictureOutline,
  VOICE: SoundOutline,
  VIDEO: VideoOutline,
  LOCATION: EnvironmentOutline,
  CARD: UserContactOutline,
};

const thumbOf = (favorite: Favorite): string => {
  const { thumbUrl, url } = favorite.content;
  if (favorite.kind === 'IMAGE')
    return typeof thumbUrl === 'string' && thumbUrl ? thumbUrl : String(url ?? '');
  return favorite.kind === 'VIDEO' && typeof thumbUrl === 'string' ? thumbUrl : '';
};

/**
 * A favorite in a list: its type's icon, what it says (or its picture), and where it came
 * from (the sender, or "Note") with when it was saved.
 */
export function FavoriteSummary({ favorite, now }: { favorite: Favorite; now: number }) {
  const t = useT();
  const { kindLabel } = useFavoriteTexts();
  const Icon = KIND_ICON[favorite.kind];
  const thumb = thumbOf(favorite);
  const from = favorite.kind === 'NOTE' ? t('favorites.note') : favorite.sourceName;
  return (
    <>
      <Icon className={s.kindIcon} aria-hidden />
      <span className={s.summary}>
        {thumb ? (
          <img className={s.thumb} src={thumb} alt={kindLabel(favorite.kind)} />
        ) : (
          <span className={s.summaryText}>
            {contentPreview({ msgType: favorite.kind, content: favorite.content })}
          </span>
        )}
        <span className={s.meta}>
          {from ? `${from} · ` : ''}
          {formatChatTime(favorite.createdAt, now, currentLocale())}
        </span>
      </span>
    </>
  );
}
