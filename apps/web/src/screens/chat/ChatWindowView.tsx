import { useId, useMemo, useState, type ReactNode } from 'react';
import { MoreOutline } from 'antd-mobile-icons';
import { MsgType } from '@paichat/protocol';
import { ChatImages } from '../../components/chat/ChatImages';
import { TitleBar } from '../../components/TitleBar';
import { showToast } from '../../lib/ui';
import { useT } from '../../i18n';
import { useVisualViewportHeight } from '../../lib/useVisualViewportHeight';
import type { ChatCommands, ChatWindowState, LocalMessage } from '../../store/chat/types';
import { AttachmentMenu, type AttachmentAction } from './AttachmentMenu';
import { CardPickerSheet } from './CardPickerSheet';
import { FavoritesSheet } from './FavoritesSheet';
import { InputBar } from './InputBar';
import { LocationSheet, type PlaceToSend } from './LocationSheet';
import { MessageList } from './MessageList';
import { useMediaSend } from './useMediaSend';
import { UploadingVideos } from './UploadingVideos';
import type { NewerPages } from './useRevealMessage';
import { drawnMessages } from '../../store/chat/undrawn';
import { MessageActionsHostContext, MessageSelectionContext } from '../../components/chat/Selectable';
import { quoteLine, quoteOfMessage } from '../../components/chat/QuoteBlock';
import { ForwardSheet } from './ForwardSheet';
import { SelectionBar } from './SelectionBar';
import { useChatMessageActions } from './useChatMessageActions';
import { ReceiptsContext } from '../../components/chat/ReceiptLine';
import { ReadersSheet } from './ReadersSheet';
import { useReceipts } from './useReceipts';
import s from './ChatWindow.module.css';

export interface ChatWindowViewProps {
  chatId: string;
  /** The chat's name; '…' while unknown. */
  title: string;
  state: ChatWindowState;
  /** Group chats: the name above each received bubble. */
  senderName?: (message: LocalMessage) => string;
  /** A chat the user can no longer write in: this line takes the composer's place. */
  readOnlyText?: string;
  /** Above the messages (a group's notice). */
  banner?: ReactNode;
  commands: Pick<ChatCommands, 'send' | 'retry' | 'loadOlder'>;
  onBack: () => void;
  /** Opens the chat's info page. */
  onInfo?: () => void;
  /** A message to bring into view and mark (opened from a search). */
  focusMsgId?: string;
  /** Set while the list shows pages around that message rather than the newest. */
  newer?: NewerPages;
}

type SheetName = 'location' | 'card' | 'favorites' | null;

/**
 * The chat window: title bar, the messages and the composer with its attachment panel. It
 * takes the page's visible height, so the on-screen keyboard pushes the composer up instead of
 * covering it ("keyboard resizes page").
 */
export function ChatWindowView({
  chatId,
  title,
  state,
  senderName,
  readOnlyText,
  banner,
  commands,
  onBack,
  onInfo,
  focusMsgId,
  newer,
}: ChatWindowViewProps) {
  const t = useT();
  const menuId = useId();
  const height = useVisualViewportHeight();
  const drawn = useMemo(() => drawnMessages(state.messages), [state.messages]);
  const [menuOpen, setMenuOpen] = useState(false);
  const [voiceMode, setVoiceMode] = useState(false);
  const [sheet, setSheet] = useState<SheetName>(null);

  const send = (msgType: MsgType, content: unknown) => {
    // What is sent shows at the newest: the list goes there.
    if (newer?.hasNewer) newer.backToNewest();
    return commands.send(chatId, msgType, content);
  };
  const media = useMediaSend(send);
  const isGroup = state.entry?.windowType === 'GROUP';
  const actions = useChatMessageActions(chatId, { name: title, isGroup });
  const receipts = useReceipts(chatId, isGroup, drawn);
  const { quoting, cancelQuote } = actions;
  const quote = quoting && {
    line: quoteLine(quoteOfMessage(quoting, senderName?.(quoting) || quoting.nickName)),
    onCancel: cancelQuote,
  };

  const onAction = (action: AttachmentAction) => {
    switch (action) {
      case 'location':
      case 'card':
      case 'favorites':
        setSheet(action);
        break;
      case 'voice':
        setVoiceMode(true);
        setMenuOpen(false);
        break;
      case 'voiceCall':
      case 'videoCall':
        showToast(t('chatWindow.onlyMobile'));
        break;
      case 'file':
        showToast(t('chatWindow.fileNotImplemented'));
        break;
    }
  };

  const retry = (message: LocalMessage) => {
    void commands.retry(chatId, message.clientMsgId || message.id).catch(() => undefined);
  };

  return (
    <div className={s.screen} style={{ height }}>
      <TitleBar
        title={receipts.typing ? t('chatWindow.typing') : title}
        onBack={onBack}
        right={
          onInfo && (
            <button
              type="button"
              className={s.headerButton}
              aria-label={t('chatWindow.info')}
              onClick={onInfo}
            >
              <MoreOutline aria-hidden />
            </button>
          )
        }
      />
      {banner}
      <main className={s.main} onPointerDown={() => menuOpen && setMenuOpen(false)}>
        <MessageActionsHostContext value={actions.host}>
          <MessageSelectionContext value={actions.selection}>
            <ChatImages messages={drawn}>
              <ReceiptsContext value={receipts.receiptOf}>
                <MessageList
                  // Pages around a searched message, or the newest: each opens where it should.
                  key={newer ? 'around' : 'newest'}
                  name={title}
                  messages={drawn}
                  hasOlder={state.hasOlder}
                  loadingOlder={state.loadingOlder}
                  senderName={senderName}
                  onLoadOlder={() => void commands.loadOlder(chatId).catch(() => undefined)}
                  onRetry={retry}
                  viewportHeight={height}
                  focusId={focusMsgId}
                  hasNewer={newer?.hasNewer}
                  onLoadNewer={newer?.loadNewer}
                  onBackToNewest={newer?.backToNewest}
                />
              </ReceiptsContext>
            </ChatImages>
          </MessageSelectionContext>
        </MessageActionsHostContext>
      </main>
      <footer className={s.footer}>
        {actions.selection ? (
          <SelectionBar {...actions.bar} />
        ) : readOnlyText ? (
          <p className={s.readOnly} role="status">
            {readOnlyText}
          </p>
        ) : (
          <>
            <UploadingVideos videos={media.videos} />
            {media.uploading && (
              <p className={s.uploading} role="status">
                {t('profile.uploading')}
              </p>
            )}
            <InputBar
              draftKey={chatId}
              onSendText={(text, extras) => {
                const reply = quoting?.msgId ? { quote: { msgId: quoting.msgId } } : {};
                cancelQuote();
                return send(MsgType.TEXT, { text, ...reply, ...extras });
              }}
              previewChatId={chatId || undefined}
              groupId={isGroup ? state.entry?.userId : undefined}
              quote={quote || undefined}
              onSendVoice={(blob, seconds) => void media.sendVoice(blob, seconds)}
              voiceMode={voiceMode}
              onVoiceModeChange={(voice) => {
                setVoiceMode(voice);
                setMenuOpen(false);
              }}
              menuOpen={menuOpen}
              onMenuToggle={() => {
                (document.activeElement as HTMLElement | null)?.blur?.();
                setMenuOpen((open) => !open);
              }}
              menuId={menuId}
              // Until the chat is opened (a first chat with a friend) there is nowhere to send to.
              disabled={chatId === ''}
              onTyping={receipts.onTyping}
            />
            {menuOpen && (
              <AttachmentMenu
                id={menuId}
                onMedia={(files) => {
                  setMenuOpen(false);
                  void media.sendMedia(files);
                }}
                onAction={onAction}
              />
            )}
          </>
        )}
      </footer>
      <LocationSheet
        open={sheet === 'location'}
        onClose={() => setSheet(null)}
        onSend={(place: PlaceToSend) => {
          setMenuOpen(false);
          void send(MsgType.LOCATION, place).catch(() => undefined);
        }}
      />
      <CardPickerSheet
        open={sheet === 'card'}
        onClose={() => setSheet(null)}
        onPick={(userId) => {
          setMenuOpen(false);
          void send(MsgType.CARD, { userId }).catch(() => undefined);
        }}
      />
      <ForwardSheet {...actions.sheet} />
      <ReadersSheet chatId={chatId} msgId={receipts.readersOf} onClose={receipts.closeReaders} />
      <FavoritesSheet
        open={sheet === 'favorites'}
        onClose={() => setSheet(null)}
        onPick={(favoriteId) => {
          setMenuOpen(false);
          void send(MsgType.COLLECTION, { favoriteId }).catch(() => undefined);
        }}
      />
    </div>
  );
}
