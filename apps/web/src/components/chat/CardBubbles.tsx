import { EnvironmentOutline, FileOutline } from 'antd-mobile-icons';
import { currentLocale, useT } from '../../i18n';
import { fileKind, extensionOf } from '../../lib/fileKind';
import { withQuery } from '../../lib/url';
import { AppLink } from '../AppLink';
import { Avatar } from '../Avatar';
import { showToast } from '../../lib/ui';
import { useChatLinks } from './ChatLinks';
import { formatFileSize, mapUrl, type ContentOf } from './content';
import s from './chat.module.css';

/** A shared place: its name and address; opens the place on OpenStreetMap in a new tab. */
export function LocationBubble({ content }: { content: ContentOf<'LOCATION'> }) {
  const t = useT();
  return (
    <a
      className={s.card}
      href={mapUrl(content.latitude, content.longitude)}
      target="_blank"
      rel="noopener noreferrer"
    >
      <span className={s.cardMain}>
        <span className={s.cardTitle}>{content.name}</span>
        {content.address && <span className={s.cardText}>{content.address}</span>}
      </span>
      <span className={s.mapTile} aria-hidden>
        <EnvironmentOutline />
      </span>
      <span className={s.cardFooter}>{t('chatWindow.openMap')}</span>
    </a>
  );
}

/**
 * A contact card: the person's photo, name and (on one's own card) chat ID; opens their
 * add-friend page with the card's reference, which lets a stranger to them see it.
 */
export function ContactCardBubble({ content }: { content: ContentOf<'CARD'> }) {
  const t = useT();
  const links = useChatLinks();
  const name = content.nickName || content.chatNo || content.userId;
  return (
    <AppLink
      to={withQuery(links.addFriendDetail, {
        userId: content.userId,
        source: 'card',
        ref: content.ref || undefined,
      })}
      className={s.card}
    >
      <span className={s.cardMain} data-row>
        <span aria-hidden className={s.cardAvatar}>
          <Avatar name={name} src={content.portrait || undefined} alt="" size={44} />
        </span>
        <span className={s.cardMain}>
          <span className={s.cardTitle}>{name}</span>
          {content.chatNo && (
            <span className={s.cardText}>{t('friends.chatId', { chatNo: content.chatNo })}</span>
          )}
        </span>
      </span>
      <span className={s.cardFooter}>{t('chatWindow.card')}</span>
    </AppLink>
  );
}

/** A document: its kind, name and size. Opening files is not in H5 yet (the spec says so). */
export function FileBubble({ content }: { content: ContentOf<'FILE'> }) {
  const t = useT();
  const name = content.name || content.url.slice(content.url.lastIndexOf('/') + 1);
  const kind = fileKind(name);
  return (
    <button type="button" className={s.card} onClick={() => showToast(t('chatWindow.fileNotImplemented'))}>
      <span className={s.cardMain} data-row>
        <span className={s.cardMain}>
          <span className={s.cardTitle}>{name}</span>
          {content.size !== undefined && (
            <span className={s.cardText}>{formatFileSize(content.size, currentLocale())}</span>
          )}
        </span>
        <span className={s.fileIcon} data-kind={kind} aria-hidden>
          <FileOutline />
          <span>{extensionOf(name).slice(0, 4).toUpperCase()}</span>
        </span>
      </span>
      <span className={s.cardFooter}>{t('chatWindow.file')}</span>
    </button>
  );
}
