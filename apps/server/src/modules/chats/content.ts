/**
 * What gets stored as a message's content: the client's validated content, with whatever the
 * server knows better filled in from the database. Files must be the sender's own uploads of
 * the right kind (an IMAGE's url an image, a VOICE's a recording, …); a CARD gets the carded user's
 * current profile, not the client's copy of it, and only of someone the sender may see; a
 * COLLECTION gets a copy of the sender's own favorite it names; a TEXT's quote and mentions are
 * checked and frozen where it goes (reply.ts).
 */
import { MsgType, type CollectionContentOut, type OutgoingMessage } from '@paichat/protocol';
import { FavoriteNotFoundError, ValidationError } from '../../errors';
import { cleanDisplayName } from '../files/names';
import type { FileFacts } from '../files/service';
import type { CardFacts } from '../friends/visibility';
import type { DbOrTx } from '../../db';
import { storedText, type TextPlace } from './reply';

export interface ContentDeps {
  db: DbOrTx;
  describeFiles: (urls: readonly string[]) => Promise<Map<string, FileFacts>>;
  /** A card of `userId` as `senderId` may send it; null when the sender may not see them. */
  cardOf: (senderId: number, userId: string, ref: string | undefined) => Promise<CardFacts | null>;
  /** The sender's own favorite as a COLLECTION carries it; null when it is not theirs. */
  favoriteOf: (senderId: number, favoriteId: string) => Promise<CollectionContentOut | null>;
}

type Kind = 'image' | 'audio' | 'video' | 'any';

const KIND_LABEL: Record<Kind, string> = {
  image: 'an image',
  audio: 'a voice recording',
  video: 'a video',
  any: 'a file',
};

const fits = (facts: FileFacts, kind: Kind): boolean => {
  if (facts.isThumb) return kind === 'image';
  if (kind === 'any') return true;
  // Browsers record voice as WebM: uploaded to /file/upload it is audio, to /file/uploadVideo video.
  if (kind === 'audio') return facts.contentType.startsWith('audio/') || facts.contentType === 'video/webm';
  return facts.contentType.startsWith(`${kind}/`);
};

export async function storedContent(
  message: OutgoingMessage,
  senderId: number,
  deps: ContentDeps,
  place: TextPlace,
): Promise<Record<string, unknown>> {
  const files = async (wanted: [field: string, url: string | undefined, kind: Kind][]) => {
    const present = wanted.filter((w): w is [string, string, Kind] => w[1] !== undefined && w[1] !== '');
    const facts = await deps.describeFiles(present.map(([, url]) => url));
    for (const [field, url, kind] of present) {
      const found = facts.get(url);
      // Someone else's upload reaches another chat only by forwarding a message that holds it
      // (forward.ts), which checks the forwarder may read that message.
      if (found?.ownerId !== senderId)
        throw new ValidationError(`content.${field}: no such file; upload it first`);
      if (!fits(found, kind)) throw new ValidationError(`content.${field}: must be ${KIND_LABEL[kind]}`);
    }
    return facts;
  };

  switch (message.msgType) {
    case MsgType.TEXT:
      return storedText(deps.db, message.content, place, senderId);
    case MsgType.LOCATION:
    case MsgType.TRTC_VOICE_START:
    case MsgType.TRTC_VOICE_END:
    case MsgType.TRTC_VIDEO_START:
    case MsgType.TRTC_VIDEO_END:
      return message.content;
    case MsgType.IMAGE: {
      const { url } = message.content;
      const image = (await files([['url', url, 'image']])).get(url) as FileFacts;
      return {
        url,
        thumbUrl: image.thumbUrl || url,
        width: image.width ?? message.content.width ?? 0,
        height: image.height ?? message.content.height ?? 0,
      };
    }
    case MsgType.VOICE:
      await files([['url', message.content.url, 'audio']]);
      return { url: message.content.url, duration: message.content.duration };
    case MsgType.VIDEO: {
      const { url, duration, thumbUrl } = message.content;
      await files([
        ['url', url, 'video'],
        ['thumbUrl', thumbUrl, 'image'],
      ]);
      return {
        url,
        ...(duration !== undefined ? { duration } : {}),
        ...(thumbUrl !== undefined ? { thumbUrl } : {}),
      };
    }
    case MsgType.FILE: {
      const { url } = message.content;
      const file = (await files([['url', url, 'any']])).get(url) as FileFacts;
      // A name the sender chose is cleaned as an uploaded one is (bidi, invisible, executable).
      const { name } = message.content;
      const storedExt = url.slice(url.lastIndexOf('.') + 1);
      return {
        url,
        name: name === undefined ? file.name : cleanDisplayName(name, storedExt),
        size: file.size,
      };
    }
    case MsgType.COLLECTION: {
      const favorite = await deps.favoriteOf(senderId, message.content.favoriteId);
      if (!favorite) throw new FavoriteNotFoundError();
      return { ...favorite };
    }
    case MsgType.CARD: {
      const card = await deps.cardOf(senderId, message.content.userId, message.content.ref);
      if (!card) throw new ValidationError('content.userId: no such user');
      return { ...card };
    }
  }
}
