import { useT } from '../../i18n';
import type { UploadingVideo } from './useMediaSend';
import s from './ChatWindow.module.css';

/**
 * Videos on their way up, as pending bubbles on the sender's side: the poster frame with how
 * much has gone up. Each gives way to its message once the upload is done.
 */
export function UploadingVideos({ videos }: { videos: readonly UploadingVideo[] }) {
  const t = useT();
  if (videos.length === 0) return null;
  return (
    <ul className={s.uploadingVideos} aria-label={t('chatWindow.videoUploads')}>
      {videos.map((video) => (
        <li key={video.id} className={s.uploadingVideo}>
          {video.poster && <img src={video.poster} alt="" className={s.uploadingPoster} />}
          <span
            role="progressbar"
            aria-label={t('chatWindow.videoUploading')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={video.percent}
            className={s.uploadingPercent}
          >
            {video.percent}%
          </span>
        </li>
      ))}
    </ul>
  );
}
