import { LinkCard as LinkCardSchema, type LinkCard } from '@paichat/protocol';
import { webPageUrl } from '../../lib/url';
import s from './LinkCard.module.css';

/**
 * Link previews (docs/architecture.md, "Link previews"): a text carries the card the server
 * read for its link (title, description, site, and a picture stored with us), so nobody's
 * device contacts the site until they open the link.
 */

/** The text's card, when its content holds a whole one (a row still sending holds only its url). */
export function readLink(content: unknown): LinkCard | null {
  if (!content || typeof content !== 'object') return null;
  const parsed = LinkCardSchema.safeParse((content as { link?: unknown }).link);
  // Only an http(s) address becomes a link, whatever a content holds.
  return parsed.success && webPageUrl(parsed.data.url) ? parsed.data : null;
}

/** What a card shows: title, description beside the picture, and the site. */
export function LinkCardBody({ card }: { card: LinkCard }) {
  return (
    <>
      <span className={s.title} dir="auto">
        {card.title}
      </span>
      {(card.description || card.image) && (
        <span className={s.middle}>
          <span className={s.description} dir="auto">
            {card.description}
          </span>
          {card.image && (
            <img
              className={s.picture}
              src={card.image.url}
              alt=""
              width={card.image.width || undefined}
              height={card.image.height || undefined}
              loading="lazy"
            />
          )}
        </span>
      )}
      <span className={s.site} dir="auto">
        {card.siteName}
      </span>
    </>
  );
}

/** Under a text: the card, opening its page in a new tab that learns nothing of the chat. */
export function LinkCardLink({ card }: { card: LinkCard }) {
  return (
    <a className={s.card} href={webPageUrl(card.url) ?? undefined} target="_blank" rel="noopener noreferrer">
      <LinkCardBody card={card} />
    </a>
  );
}
