import { useState } from 'react';
import { useT } from '../i18n';
import { extensionOf } from '../lib/fileKind';
import { AppLink } from './AppLink';

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

export interface VideoPlayerProps {
  url: string;
  /** Its poster image ('' for none). */
  poster: string;
  className?: string;
  fallbackClassName?: string;
  /** The app download page the notice offers, where there is one. */
  downloadUrl?: string;
}

/**
 * A video, played in place (in a chat, on a post). Where the browser cannot play it, the spec's
 * notice: playback is not supported in this browser, with the app download page.
 */
export function VideoPlayer({ url, poster, className, fallbackClassName, downloadUrl }: VideoPlayerProps) {
  const t = useT();
  const [failed, setFailed] = useState(() => !mayPlay(url));

  if (failed) {
    return (
      <div className={fallbackClassName} role="note">
        <p>{t('chatWindow.videoUnsupported')}</p>
        {downloadUrl && <AppLink to={downloadUrl}>{t('chatWindow.downloadApp')}</AppLink>}
      </div>
    );
  }
  return (
    <video
      className={className}
      src={url}
      poster={poster || undefined}
      controls
      playsInline
      preload="metadata"
      aria-label={t('chatWindow.video')}
      onError={() => setFailed(true)}
    />
  );
}
