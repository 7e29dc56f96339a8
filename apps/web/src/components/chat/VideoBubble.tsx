import { useState } from 'react';
import { useT } from '../../i18n';
import { extensionOf } from '../../lib/fileKind';
import { AppLink } from '../AppLink';
import { useChatLinks } from './ChatLinks';
import type { ContentOf } from './content';
import s from './chat.module.css';

const MIME_BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  ogv: 'video/ogg',
};

/** Whether this browser says it may play the file; unknown types get the benefit of the doubt. */
function mayPlay(url: string): boolean {
  const type = MIME_BY_EXTENSION[extensionOf(url)];
  if (!type) return true;
  return document.createElement('video').canPlayType(type) !== '';
}

/**
 * A video, played in place. Where the browser cannot play it, the spec's notice: playback is
 * not supported in this browser, with the app download page.
 */
export function VideoBubble({ content }: { content: ContentOf<'VIDEO'> }) {
  const t = useT();
  const links = useChatLinks();
  const [failed, setFailed] = useState(() => !mayPlay(content.url));

  if (failed) {
    return (
      <div className={s.videoFallback} role="note">
        <p>{t('chatWindow.videoUnsupported')}</p>
        {links.download && <AppLink to={links.download}>{t('chatWindow.downloadApp')}</AppLink>}
      </div>
    );
  }
  return (
    <video
      className={s.video}
      src={content.url}
      poster={content.thumbUrl || undefined}
      controls
      playsInline
      preload="metadata"
      aria-label={t('chatWindow.video')}
      onError={() => setFailed(true)}
    />
  );
}
