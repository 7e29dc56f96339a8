import { useRef, type ChangeEvent, type ReactNode } from 'react';
import {
  AudioOutline,
  CameraOutline,
  FileOutline,
  LocationOutline,
  PhoneFill,
  PicturesOutline,
  StarOutline,
  UserContactOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import { useT } from '../../i18n';
import s from './ChatWindow.module.css';

export type AttachmentAction =
  'location' | 'voice' | 'card' | 'favorites' | 'voiceCall' | 'videoCall' | 'file';

export interface AttachmentMenuProps {
  id: string;
  /** Pictures and videos chosen from the album (several) or taken with the camera (one). */
  onMedia: (files: File[]) => void;
  onAction: (action: AttachmentAction) => void;
}

function Item({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <li>
      <button type="button" className={s.menuItem} onClick={onClick}>
        <span className={s.menuIcon} aria-hidden>
          {icon}
        </span>
        <span>{label}</span>
      </button>
    </li>
  );
}

/** What album and camera offer: pictures, and the video formats a chat takes (chatVideo.ts). */
const MEDIA_ACCEPT = 'image/*,video/mp4,video/webm,video/quicktime,.mov';

/**
 * The "+" panel under the input (spec 2): album, camera, location, voice, contact card,
 * favorites, voice and video call, file. Album and camera open the system picker.
 */
export function AttachmentMenu({ id, onMedia, onAction }: AttachmentMenuProps) {
  const t = useT();
  const album = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared so the same picture can be chosen again.
    event.target.value = '';
    if (files.length > 0) onMedia(files);
  };

  return (
    <section id={id} className={s.menu} aria-label={t('chatWindow.more')}>
      <ul className={s.menuGrid}>
        <Item
          icon={<PicturesOutline />}
          label={t('chatWindow.album')}
          onClick={() => album.current?.click()}
        />
        <Item
          icon={<CameraOutline />}
          label={t('chatWindow.camera')}
          onClick={() => camera.current?.click()}
        />
        <Item
          icon={<LocationOutline />}
          label={t('chatWindow.location')}
          onClick={() => onAction('location')}
        />
        <Item icon={<AudioOutline />} label={t('chatWindow.voiceInput')} onClick={() => onAction('voice')} />
        <Item icon={<UserContactOutline />} label={t('chatWindow.card')} onClick={() => onAction('card')} />
        <Item
          icon={<StarOutline />}
          label={t('chatWindow.favorites')}
          onClick={() => onAction('favorites')}
        />
        <Item icon={<PhoneFill />} label={t('chatWindow.voiceCall')} onClick={() => onAction('voiceCall')} />
        <Item
          icon={<VideoOutline />}
          label={t('chatWindow.videoCall')}
          onClick={() => onAction('videoCall')}
        />
        <Item icon={<FileOutline />} label={t('chatWindow.file')} onClick={() => onAction('file')} />
      </ul>
      <input
        ref={album}
        type="file"
        accept={MEDIA_ACCEPT}
        multiple
        hidden
        data-testid="album-input"
        onChange={picked}
      />
      <input
        ref={camera}
        type="file"
        accept={MEDIA_ACCEPT}
        capture="environment"
        hidden
        data-testid="camera-input"
        onChange={picked}
      />
    </section>
  );
}
