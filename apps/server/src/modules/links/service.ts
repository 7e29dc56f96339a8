/**
 * Link previews (docs/architecture.md, "Link previews"): the card of a web address a member of
 * a chat is writing there. The server reads the page itself through the guarded outbound
 * fetcher (outbound/fetch.ts: public addresses only, no redirects, HTML only, 1 MiB, a few
 * seconds), reads its metadata (metadata.ts), stores its picture as an upload of its own (so
 * receivers load it from us, never from the site), and keeps the card per address until it
 * expires. Several asking for one address at once share one read.
 */
import { Readable } from 'node:stream';
import type { LinkCard } from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, LinkPreviewRow } from '../../db';
import { ChatNotFoundError, LinkPreviewFailedError } from '../../errors';
import type { AuthContext } from '../../http/auth-hook';
import { parseId } from '../../ids';
import { OutboundError, type OutboundFailure, type OutboundFetch } from '../../outbound/fetch';
import { findMemberChat } from '../chats/repo';
import type { FilesService } from '../files/service';
import { charsetOf, readMetadata } from './metadata';
import { cardOf, findPreview, normalizedUrl, savePreview } from './repo';

/** The most reading a page, or its picture, may take. */
export const LINK_PREVIEW_TIMEOUT_MS = 5_000;
/** How long a card is kept before the next preview of its address reads the page again. */
export const LINK_PREVIEW_TTL_MS = 24 * 60 * 60_000;
/** The most of a page that is read. */
export const PAGE_MAX_BYTES = 1024 * 1024;
/** The largest picture that is copied. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const USER_AGENT = 'PaiChat-LinkPreview/1.0';

/** Why a page could not be read, as the refusal says it. */
const FAILURES: Record<OutboundFailure, string> = {
  url: 'it is not a web address',
  unresolved: 'its site could not be found',
  address: 'it is not on a public address',
  timeout: 'the page took too long to answer',
  redirect: 'the page redirects elsewhere',
  tooLarge: 'the page is too large',
  contentType: 'it is not a web page',
  network: 'the page could not be reached',
};

export interface LinkPreviewDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  outbound: OutboundFetch;
  files: Pick<FilesService, 'upload' | 'describe'>;
}

/** Decodes a page in the character set it names; an unknown one reads as UTF-8. */
function decode(body: Buffer, charset: string | null): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder().decode(body);
  }
}

export function createLinkPreviewService({ db, clock, log, outbound, files }: LinkPreviewDeps) {
  /** Reads one address at a time per node: a burst of askers waits for the first read. */
  const reading = new Map<string, Promise<LinkPreviewRow>>();

  async function fetchOrRefuse(url: string, init: Parameters<OutboundFetch['request']>[1]) {
    try {
      return await outbound.request(url, init);
    } catch (error) {
      if (error instanceof OutboundError) throw new LinkPreviewFailedError(FAILURES[error.reason]);
      throw error;
    }
  }

  /** The page's picture as an upload of `ownerId`'s, or null when it cannot be copied. */
  async function copyImage(src: string, ownerId: number) {
    try {
      const image = await outbound.request(src, {
        headers: { accept: IMAGE_TYPES.join(','), 'user-agent': USER_AGENT },
        maxBytes: IMAGE_MAX_BYTES,
        contentTypes: IMAGE_TYPES,
      });
      if (image.status !== 200) return null;
      const stored = await files.upload(
        ownerId,
        { stream: Readable.from([image.body]), filename: 'link-preview', truncated: () => false },
        { endpoint: 'file', imagesOnly: true },
      );
      // A card draws the picture small: its thumbnail is what receivers load.
      const url = stored.thumbUrl || stored.url;
      const facts = (await files.describe([url])).get(url);
      return { url, width: facts?.width ?? 0, height: facts?.height ?? 0 };
    } catch (error) {
      // A card without its picture is still a card.
      log.info({ err: error, src }, 'link preview: picture not copied');
      return null;
    }
  }

  async function read(url: string, ownerId: number): Promise<LinkPreviewRow> {
    const page = await fetchOrRefuse(url, {
      headers: { accept: 'text/html', 'user-agent': USER_AGENT },
      maxBytes: PAGE_MAX_BYTES,
      contentTypes: ['text/html'],
    });
    if (page.status !== 200) throw new LinkPreviewFailedError(`the page answered ${page.status}`);
    const declared = charsetOf(page.headers['content-type']);
    let meta = readMetadata(decode(page.body, declared), url);
    // No charset in the header: the page's own <meta> decides, as in a browser.
    if (!declared && meta.charset && meta.charset !== 'utf-8')
      meta = readMetadata(decode(page.body, meta.charset), url);
    if (!meta.title) throw new LinkPreviewFailedError('the page has no title');
    const image = meta.image ? await copyImage(meta.image, ownerId) : null;
    const now = clock.now();
    const row: Omit<LinkPreviewRow, 'url_key'> = {
      url: normalizedUrl(url),
      title: meta.title,
      description: meta.description,
      site_name: meta.siteName || new URL(url).hostname,
      image_url: image?.url ?? null,
      image_width: image?.width ?? null,
      image_height: image?.height ?? null,
      fetched_at: now,
      expires_at: now + LINK_PREVIEW_TTL_MS,
    };
    return savePreview(db, row);
  }

  return {
    /** The card of `url` for a member of `chatId`: the one held while fresh, else read now. */
    async preview(actor: AuthContext, input: { chatId: string; url: string }): Promise<LinkCard> {
      const chatId = parseId(input.chatId);
      const chat = chatId === null ? undefined : await findMemberChat(db, chatId, actor.userId);
      if (!chat || chat.left_seq !== null) throw new ChatNotFoundError();
      const held = await findPreview(db, input.url);
      if (held && held.expires_at > clock.now()) return cardOf(held, input.url);
      const key = normalizedUrl(input.url);
      let pending = reading.get(key);
      if (!pending) {
        pending = read(input.url, actor.userId).finally(() => reading.delete(key));
        reading.set(key, pending);
      }
      return cardOf(await pending, input.url);
    },
  };
}

export type LinkPreviewService = ReturnType<typeof createLinkPreviewService>;
