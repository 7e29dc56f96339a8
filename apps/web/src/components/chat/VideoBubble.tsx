import { VideoPlayer } from '../VideoPlayer';
import { useChatLinks } from './ChatLinks';
import type { ContentOf } from './content';
import s from './chat.module.css';

/** A video message, played in place (with the not-supported notice where it cannot be). */
export function VideoBubble({ content }: { content: ContentOf<'VIDEO'> }) {
  const links = useChatLinks();
  return (
    <VideoPlayer
      url={content.url}
      poster={content.thumbUrl ?? ''}
      className={s.video}
      fallbackClassName={s.videoFallback}
      downloadUrl={links.download}
    />
  );
}
