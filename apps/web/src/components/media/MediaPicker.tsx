import { useRef } from 'react';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { useT } from '../../i18n';
import type { PickedMedia, useMediaPicks } from './useMediaPicks';
import s from './MediaPicker.module.css';

export interface MediaPickerProps {
  picks: ReturnType<typeof useMediaPicks>;
  media: readonly PickedMedia[];
  onRemove: (item: PickedMedia) => void;
  /** The list's name ("Pictures and video"). */
  label: string;
  /** The add tile's name ("Add pictures or a video"). */
  addLabel: string;
}

/**
 * The tiles of what was picked: uploaded ones with Remove, ones on their way up ("Uploading…",
 * with how many of the batch are up), failed ones to tap for another try, and the add tile
 * while more fit.
 */
export function MediaPicker({ picks, media, onRemove, label, addLabel }: MediaPickerProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const removeButton = (onClick: () => void) => (
    <button type="button" className={s.remove} aria-label={t('media.remove')} onClick={onClick}>
      <CloseOutline aria-hidden />
    </button>
  );

  return (
    <>
      {picks.uploading && (
        <p className={s.progress} role="status">
          {t('media.uploadProgress', picks.progress)}
        </p>
      )}
      <ul className={s.tiles} aria-label={label}>
        {media.map((item, index) => (
          <li key={item.url} className={s.tile}>
            {item.kind === 'video' ? (
              <video src={item.previewUrl} muted playsInline aria-label={t('chatWindow.video')} />
            ) : (
              <img
                src={item.previewUrl}
                alt={t('media.picture', { index: index + 1, count: media.length })}
              />
            )}
            {removeButton(() => onRemove(item))}
          </li>
        ))}
        {picks.pending.map((item) => (
          <li key={`pending-${item.id}`} className={s.tile} aria-busy={!item.failed}>
            {item.previewUrl && <img src={item.previewUrl} alt="" />}
            {item.failed ? (
              <button type="button" className={s.state} onClick={() => picks.retry(item)}>
                {t('media.uploadRetry')}
              </button>
            ) : (
              <span className={s.state}>{t('profile.uploading')}</span>
            )}
            {removeButton(() => picks.discard(item.id))}
          </li>
        ))}
        {picks.canAdd && (
          <li className={s.tile}>
            <button type="button" className={s.add} onClick={() => input.current?.click()}>
              <AddOutline aria-hidden />
              <span className="visually-hidden">{addLabel}</span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        accept={picks.accept}
        multiple
        hidden
        aria-label={addLabel}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) void picks.pick(files);
        }}
      />
    </>
  );
}
