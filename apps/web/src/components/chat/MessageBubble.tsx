import { useState, type ReactNode } from 'react';
import { SpinLoading } from 'antd-mobile';
import { PhoneFill, StarOutline, VideoOutline } from 'antd-mobile-icons';
import { MsgType } from '@paichat/protocol';
import { currentLocale, useT } from '../../i18n';
import { formatCallDuration } from '../../lib/chatTime';
import { useLongPress } from '../../lib/useLongPress';
import { noticeText } from '../../store/chat/preview';
import type { LocalMessage } from '../../store/chat/types';
import { Avatar } from '../Avatar';
import { ContactCardBubble, FileBubble, LocationBubble } from './CardBubbles';
import { OpenableHistoryCard } from './OpenableHistoryCard';
import { QuoteBlock, readQuote } from './QuoteBlock';
import { EmojiPicker, mayReact, QuickReactions, ReactionChips } from './Reactions';
import { ReceiptLine } from './ReceiptLine';
import { Selectable } from './Selectable';
import { HistoryCard, readHistory } from './HistoryCard';
import { LinkCardLink, readLink } from './LinkCard';
import { ActionSheet } from './Sheet';
import { hasMessageActions, useMessageActions } from './useMessageActions';
import { ImageBubble } from './ImageBubble';
import { RecalledLine } from './RecalledLine';
import { TextBubble } from './TextBubble';
import { VideoBubble } from './VideoBubble';
import { VoiceBubble } from './VoiceBubble';
import { readContent, type ContentOf } from './content';
import s from './chat.module.css';

/** Whether the row is a centred notice rather than someone's bubble. */
export function isNotice(message: LocalMessage): boolean {
  return message.type === 3 || message.msgType === MsgType.ALERT;
}

function CallRecord({ video, duration }: { video: boolean; duration: number }) {
  const t = useT();
  const text = t(video ? 'chatWindow.videoCallEnded' : 'chatWindow.voiceCallEnded', {
    duration: formatCallDuration(duration, currentLocale()),
  });
  return (
    <div className={s.call}>
      {video ? <VideoOutline aria-hidden /> : <PhoneFill aria-hidden />}
      <span>{text}</span>
    </div>
  );
}

/** A favorite shared into the chat: what it holds, drawn as the chat draws it, and whose it was. */
function CollectionBubble({ content }: { content: ContentOf<'COLLECTION'> }) {
  const t = useT();
  // A note reads as a text; a kind this client does not know yet shows as unsupported.
  const msgType = content.kind === 'NOTE' ? MsgType.TEXT : content.kind;
  return (
    <div className={s.collection}>
      <ContentByType msgType={msgType} content={content.content} />
      <span className={s.cardFooter}>
        <StarOutline aria-hidden />{' '}
        {content.sourceName
          ? t('chatWindow.favoriteFrom', { name: content.sourceName })
          : t('chatWindow.favorite')}
      </span>
    </div>
  );
}

/** The content of one message by its type; null for records that show nothing (call starts). */
export function MessageContent({ message }: { message: LocalMessage }): ReactNode {
  // A chat's "Chat history" card opens the list of what it holds.
  if (message.msgType === MsgType.HISTORY) return <OpenableHistoryCard message={message} />;
  return <ContentByType msgType={message.msgType} content={message.content} />;
}

/** Content drawn as the chat draws a message of `msgType` (also a favorite's, by its kind). */
export function ContentByType({ msgType, content }: { msgType: string; content: unknown }): ReactNode {
  const t = useT();
  const unsupported = <div className={s.text}>{t('chatWindow.unsupported')}</div>;
  switch (msgType) {
    case MsgType.TEXT: {
      const value = readContent('TEXT', content);
      return value ? <TextBubble text={value.text} /> : unsupported;
    }
    case MsgType.IMAGE: {
      const value = readContent('IMAGE', content);
      return value ? <ImageBubble content={value} /> : unsupported;
    }
    case MsgType.VOICE: {
      const value = readContent('VOICE', content);
      return value ? <VoiceBubble content={value} /> : unsupported;
    }
    case MsgType.VIDEO: {
      const value = readContent('VIDEO', content);
      return value ? <VideoBubble content={value} /> : unsupported;
    }
    case MsgType.LOCATION: {
      const value = readContent('LOCATION', content);
      return value ? <LocationBubble content={value} /> : unsupported;
    }
    case MsgType.CARD: {
      const value = readContent('CARD', content);
      return value ? <ContactCardBubble content={value} /> : unsupported;
    }
    case MsgType.COLLECTION: {
      const value = readContent('COLLECTION', content);
      return value ? <CollectionBubble content={value} /> : unsupported;
    }
    case MsgType.FILE: {
      const value = readContent('FILE', content);
      return value ? <FileBubble content={value} /> : unsupported;
    }
    case MsgType.HISTORY: {
      const value = readHistory(content);
      return value ? <HistoryCard content={value} /> : unsupported;
    }
    case MsgType.TRTC_VOICE_END:
    case MsgType.TRTC_VIDEO_END: {
      const value = readContent('CALL_END', content);
      return <CallRecord video={msgType === MsgType.TRTC_VIDEO_END} duration={value?.duration ?? 0} />;
    }
    case MsgType.TRTC_VOICE_START:
    case MsgType.TRTC_VIDEO_START:
      return null;
    default:
      return unsupported;
  }
}

/** Types whose content brings its own frame (no coloured bubble around it). */
const FRAMED: ReadonlySet<string> = new Set([
  MsgType.IMAGE,
  MsgType.VIDEO,
  MsgType.LOCATION,
  MsgType.CARD,
  MsgType.COLLECTION,
  MsgType.FILE,
  MsgType.HISTORY,
]);

export interface MessageBubbleProps {
  message: LocalMessage;
  /** Group chats: the sender's name (showName), shown above a received bubble. */
  senderName?: string;
  onRetry: (message: LocalMessage) => void;
}

/**
 * One row of the chat: own messages on the right (green), received ones on the left with the
 * sender's photo, system notices centred in grey. An own message still sending shows a
 * spinner; a failed one a red "!" that sends it again.
 */
export function MessageBubble(props: MessageBubbleProps) {
  const { message } = props;
  if (message.msgType === MsgType.RECALLED)
    return <RecalledLine message={message} senderName={props.senderName} />;
  if (isNotice(message)) {
    return (
      <div className={s.noticeRow}>
        <p className={s.notice}>{noticeText(message)}</p>
      </div>
    );
  }
  if (message.msgType === MsgType.TRTC_VOICE_START || message.msgType === MsgType.TRTC_VIDEO_START)
    return null;
  return (
    <Selectable message={message} name={props.senderName || message.nickName}>
      <PersonRow {...props} />
    </Selectable>
  );
}

/**
 * Someone's message. Holding the bubble (or its context menu) offers what can be done with it:
 * Copy a text, add it to Favorites once the server has it.
 */
function PersonRow({ message, senderName, onRetry }: MessageBubbleProps) {
  const t = useT();
  const [menu, setMenu] = useState(false);
  const [picker, setPicker] = useState(false);
  const longPress = useLongPress(() => (hasMessageActions(message) || mayReact(message)) && setMenu(true));
  const content = <MessageContent message={message} />;
  const own = message.type === 2;
  const name = senderName || message.nickName;
  const quote = message.msgType === MsgType.TEXT ? readQuote(message.content) : null;
  const link = message.msgType === MsgType.TEXT ? readLink(message.content) : null;
  return (
    <div className={s.row} data-side={own ? 'own' : 'peer'}>
      <span className={s.rowAvatar}>
        <Avatar name={name} src={message.portrait || undefined} alt={name} size={40} />
      </span>
      <div className={s.column}>
        {senderName && !own && <span className={s.sender}>{senderName}</span>}
        {quote && <QuoteBlock quote={quote} />}
        <div className={s.line}>
          <div className={s.bubble} data-framed={FRAMED.has(message.msgType) || undefined} {...longPress}>
            {content}
          </div>
          {own && message.sendtype === 'wating' && (
            <span className={s.state} role="status" aria-label={t('chatWindow.sending')}>
              <SpinLoading style={{ '--size': '1rem' }} aria-hidden />
            </span>
          )}
          {own && message.sendtype === 'error' && (
            <button
              type="button"
              className={s.resend}
              aria-label={t('chatWindow.resend')}
              onClick={() => onRetry(message)}
            >
              !
            </button>
          )}
        </div>
        {link && <LinkCardLink card={link} />}
        <ReactionChips message={message} />
        {own && <ReceiptLine message={message} />}
      </div>
      {/* Mounted only while open: a long chat keeps its rows light. */}
      {menu && (
        <MessageMenu
          message={message}
          onClose={() => setMenu(false)}
          onMore={() => {
            setMenu(false);
            setPicker(true);
          }}
        />
      )}
      {picker && <EmojiPicker message={message} onClose={() => setPicker(false)} />}
    </div>
  );
}

function MessageMenu(props: { message: LocalMessage; onClose: () => void; onMore: () => void }) {
  const { message, onClose } = props;
  const t = useT();
  const actions = useMessageActions(message);
  return (
    <ActionSheet
      open
      title={t('chatWindow.messageActions')}
      actions={actions}
      cancelLabel={t('common.cancel')}
      header={
        mayReact(message) && <QuickReactions message={message} onPicked={onClose} onMore={props.onMore} />
      }
      onClose={onClose}
    />
  );
}
