import { z } from 'zod';
import { endpoint } from './endpoint';
import { ChatId } from './chats';
import { LinkCard, LinkUrl } from './messages';

/**
 * Link previews (docs/architecture.md, "Link previews"). While a person writes a text in a chat
 * of theirs, their device asks for the card of its first web address; the server reads the page
 * itself (public addresses only, no redirects, HTML only, 5 s, 1 MiB), keeps the card for a
 * while, and answers it. Sending the text with `link {url}` puts the card the server holds into
 * the message: a card written by a client is never taken.
 */
export const linkPreview = endpoint({
  method: 'POST',
  path: '/chat/linkPreview',
  request: z.object({ chatId: ChatId, url: LinkUrl }),
  response: LinkCard,
  auth: true,
  summary: 'The preview card of a web page, read by the server (for a text being written in this chat)',
});
