import { useMemo } from 'react';
import { RightOutline } from 'antd-mobile-icons';
import { momentsOf, useMomentAlbum } from '../../api/queries/moments';
import { useT } from '../../i18n';
import s from './friends.module.css';

/** How many of a person's newest Moments pictures their Info page shows. */
export const INFO_MOMENT_PICTURES = 4;

/**
 * The Info page's Moments row, as in WeChat: the person's newest pictures (a video by its
 * poster) from the posts the viewer may see, opening their album.
 */
export function MomentsRow({ userId, onOpen }: { userId: string; onOpen: () => void }) {
  const t = useT();
  const album = useMomentAlbum(userId);
  const pictures = useMemo(
    () =>
      momentsOf(album.data)
        .flatMap((moment) => [
          ...moment.images.map((image) => image.thumbUrl || image.url),
          ...(moment.video?.thumbUrl ? [moment.video.thumbUrl] : []),
        ])
        .slice(0, INFO_MOMENT_PICTURES),
    [album.data],
  );
  return (
    <button type="button" className={s.momentsRow} onClick={onOpen}>
      <span className={s.momentsLabel}>{t('routes.moments')}</span>
      <span className={s.momentsPictures}>
        {pictures.map((src, i) => (
          <img key={`${i}-${src}`} src={src} alt="" loading="lazy" className={s.momentsPicture} />
        ))}
      </span>
      <RightOutline className={s.chevron} aria-hidden />
    </button>
  );
}
