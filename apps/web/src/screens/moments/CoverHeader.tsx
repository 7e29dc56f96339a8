import { useRef, useState } from 'react';
import { Avatar } from '../../components/Avatar';
import { ActionSheet } from '../../components/chat/Sheet';
import { useMomentCover, useSetMomentCover } from '../../api/queries/moments';
import { uploadFailureMessage, uploadFile } from '../../api/upload';
import { useT } from '../../i18n';
import { showToast } from '../../lib/ui';
import s from './moments.module.css';

export interface CoverHeaderProps {
  userId: string;
  name: string;
  portrait: string;
  /** My own cover: tapping it offers to change it. */
  mine: boolean;
  onOpenAuthor?: () => void;
}

/**
 * The top of the feed and of an album: the person's cover picture (a plain colour until one is
 * chosen), their name and avatar. On my own, a tap on the cover offers "Change cover", which
 * takes a picture from the phone.
 */
export function CoverHeader({ userId, name, portrait, mine, onOpenAuthor }: CoverHeaderProps) {
  const t = useT();
  const cover = useMomentCover(userId);
  const setCover = useSetMomentCover(userId);
  const [sheet, setSheet] = useState(false);
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const change = async (file: File) => {
    setBusy(true);
    try {
      let url: string;
      try {
        url = (await uploadFile(file)).url;
      } catch (error) {
        const message = uploadFailureMessage(error);
        if (message) showToast(message);
        return;
      }
      await setCover.mutateAsync(url);
      showToast(t('moments.coverChanged'), { role: 'status' });
    } catch {
      // The request function has said why.
    } finally {
      setBusy(false);
    }
  };

  const picture = cover.data ? <img src={cover.data} alt="" className={s.coverImage} /> : null;
  return (
    <header className={s.cover}>
      {mine ? (
        <button
          type="button"
          className={s.coverButton}
          aria-label={t('moments.changeCover')}
          aria-busy={busy}
          onClick={() => setSheet(true)}
        >
          {picture}
        </button>
      ) : (
        <div className={s.coverButton}>{picture}</div>
      )}
      <div className={s.coverOwner}>
        <span className={s.coverName}>{name}</span>
        <button type="button" className={s.coverAvatar} onClick={onOpenAuthor} disabled={!onOpenAuthor}>
          <Avatar name={name} src={portrait} alt={t('moments.albumOf', { name })} size={64} />
        </button>
      </div>
      {mine && (
        <>
          <input
            ref={picker}
            type="file"
            accept="image/*"
            hidden
            aria-label={t('moments.changeCover')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void change(file);
            }}
          />
          <ActionSheet
            open={sheet}
            title={t('moments.changeCover')}
            actions={[
              { key: 'cover', label: t('moments.changeCover'), onSelect: () => picker.current?.click() },
            ]}
            cancelLabel={t('common.cancel')}
            onClose={() => setSheet(false)}
          />
        </>
      )}
    </header>
  );
}
