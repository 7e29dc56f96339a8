import { useState } from 'react';
import type { Moment } from '@paichat/protocol';
import { VideoPlayer } from '../../components/VideoPlayer';
import { PictureViewer } from '../../components/media/PictureViewer';
import { useT } from '../../i18n';
import s from './moments.module.css';

/** The side of a lone picture's box, in px (its aspect kept within it). */
const SINGLE_MAX = 180;

function singleBox(width: number, height: number) {
  if (!width || !height) return { width: SINGLE_MAX, height: SINGLE_MAX };
  const scale = SINGLE_MAX / Math.max(width, height);
  return { width: Math.max(60, Math.round(width * scale)), height: Math.max(60, Math.round(height * scale)) };
}

/**
 * A post's pictures as WeChat lays them out (one alone at its aspect, four as 2×2, others in
 * rows of three), their previews loaded lazily; a tapped one opens the full-size viewer, where
 * a swipe goes to the next. Or the post's video, played in place.
 */
export function MomentMedia({ moment }: { moment: Pick<Moment, 'images' | 'video'> }) {
  const t = useT();
  const [viewing, setViewing] = useState<number | null>(null);
  const { images, video } = moment;

  if (video) {
    return (
      <VideoPlayer
        url={video.url}
        poster={video.thumbUrl}
        className={s.video}
        fallbackClassName={s.mediaNote}
      />
    );
  }
  if (images.length === 0) return null;

  const layout = images.length === 1 ? 'single' : images.length === 4 ? 'two' : 'three';
  const single = images.length === 1 && images[0] ? singleBox(images[0].width, images[0].height) : undefined;
  return (
    <>
      <ul
        className={s.grid}
        data-layout={layout}
        aria-label={t('moments.pictures', { count: images.length })}
      >
        {images.map((image, index) => (
          <li key={image.url}>
            <button type="button" className={s.gridCell} style={single} onClick={() => setViewing(index)}>
              <img
                src={image.thumbUrl || image.url}
                alt={t('moments.picture', { index: index + 1, count: images.length })}
                loading="lazy"
                decoding="async"
              />
            </button>
          </li>
        ))}
      </ul>
      {viewing !== null && (
        <PictureViewer
          pictures={images.map((image) => image.url)}
          index={viewing}
          onClose={() => setViewing(null)}
        />
      )}
    </>
  );
}
