import { useEffect, useState } from 'react';
import { linkPreview, type LinkCard } from '@paichat/protocol';
import { ApiError, call } from '../../api/request';
import { splitLinks } from '../../lib/links';
import { linkPreviewsOn } from '../../store/linkPreviewSetting';

/** How long the text must rest before its link is asked about: one request per link typed, not per key. */
export const LINK_PREVIEW_DEBOUNCE_MS = 600;
/** Cards (or refusals) remembered on this page, so a link typed again is not asked again. */
const REMEMBERED = 50;

/** The first http(s) address in a text, as written there (a bare `www.` one is not previewed). */
export function firstWebLink(text: string): string | null {
  return splitLinks(text).find((part) => part.href && /^https?:\/\//i.test(part.text))?.text ?? null;
}

/** Each link's answer: its card, or null when the server would not preview it. */
const answers = new Map<string, LinkCard | null>();
const remember = (url: string, card: LinkCard | null) => {
  answers.delete(url);
  answers.set(url, card);
  if (answers.size > REMEMBERED) answers.delete(answers.keys().next().value as string);
};

export interface LinkPreview {
  /** The card to show above the input (and send with the text), or null. */
  card: LinkCard | null;
  /** Closes it: this link is sent without a card. */
  dismiss(): void;
}

/**
 * The preview of the first link in a text being written in `chatId` (none without a chat, or
 * with Settings' "Link previews" off): asked of the server once the text rests, answered from
 * memory for a link asked before. A refusal (not a page, a private address, …) shows nothing.
 */
export function useLinkPreview(chatId: string | undefined, text: string): LinkPreview {
  const [enabled] = useState(linkPreviewsOn);
  const url = enabled && chatId ? firstWebLink(text) : null;
  const [dismissed, setDismissed] = useState<string | null>(null);
  // Bumped when an answer arrives, so the card is read from `answers` again.
  const [, setAnswered] = useState(0);

  useEffect(() => {
    if (!url || !chatId || answers.has(url)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call(linkPreview, { chatId, url }, { quiet: true, signal: controller.signal })
        .then(
          (card) => remember(url, card),
          (error: unknown) => {
            // Refused: not asked again. Not answered (offline, aborted): asked again next time.
            if (error instanceof ApiError && error.kind === 'business') remember(url, null);
          },
        )
        .finally(() => setAnswered((n) => n + 1));
    }, LINK_PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [chatId, url]);

  const card = url && url !== dismissed ? (answers.get(url) ?? null) : null;
  return { card, dismiss: () => setDismissed(url) };
}
