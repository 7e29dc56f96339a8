import { createContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MsgType } from '@paichat/protocol';
import type { LocalMessage } from '../../store/chat/types';
import { PictureViewer } from '../media/PictureViewer';
import { readContent } from './content';

/** Opens a chat's picture in the viewer over all the chat's pictures. */
export interface ChatImagesOpener {
  open(url: string): void;
}

export const ChatImagesContext = createContext<ChatImagesOpener | null>(null);

function picturesOf(messages: readonly LocalMessage[]): string[] {
  const pictures: string[] = [];
  for (const message of messages) {
    if (message.msgType !== MsgType.IMAGE) continue;
    const url = readContent('IMAGE', message.content)?.url;
    if (url) pictures.push(url);
  }
  return pictures;
}

/**
 * The pictures of the loaded chat for its image bubbles: a tapped one opens full screen,
 * and a swipe goes to the one before or after it in the chat. The list is read when a picture
 * is opened, so rows never re-render for it.
 */
export function ChatImages({
  messages,
  children,
}: {
  messages: readonly LocalMessage[];
  children: ReactNode;
}) {
  const held = useRef(messages);
  useEffect(() => {
    held.current = messages;
  }, [messages]);
  const [viewing, setViewing] = useState<{ pictures: string[]; index: number } | null>(null);
  const opener = useMemo<ChatImagesOpener>(
    () => ({
      open(url) {
        const pictures = picturesOf(held.current);
        const index = pictures.indexOf(url);
        // A picture the list does not hold as a message of its own (one inside a shared favorite).
        setViewing(index < 0 ? { pictures: [url], index: 0 } : { pictures, index });
      },
    }),
    [],
  );
  return (
    <ChatImagesContext value={opener}>
      {children}
      {viewing && (
        <PictureViewer pictures={viewing.pictures} index={viewing.index} onClose={() => setViewing(null)} />
      )}
    </ChatImagesContext>
  );
}
