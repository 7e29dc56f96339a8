import { useMemo, useRef, type ReactNode } from 'react';
import { GroupedVirtuoso, type GroupedVirtuosoHandle } from 'react-virtuoso';
import type { Friend } from '@paichat/protocol';
import { AppLink } from '../../components/AppLink';
import { Avatar } from '../../components/Avatar';
import { LetterIndex } from '../../components/LetterIndex';
import { useT } from '../../i18n';
import {
  INDEX_LETTERS,
  displayNameOf,
  groupIndexForLetter,
  type ContactGroup,
} from '../../lib/contactGroups';
import s from './contacts.module.css';

interface ListContext {
  header: ReactNode;
  footer: ReactNode;
}

// Virtuoso's slots must be stable components: their content travels in the context.
const components = {
  Header: ({ context }: { context?: ListContext }) => <>{context?.header}</>,
  Footer: ({ context }: { context?: ListContext }) => <>{context?.footer}</>,
};

export interface ContactListProps {
  groups: readonly ContactGroup<Friend>[];
  /** Where a contact opens. */
  contactUrl: (friend: Friend) => string;
  /** Above the first group (search, fixed entries); scrolls with the list. */
  header: ReactNode;
  /** Below the last contact (count, or the loading, failed and empty states). */
  footer: ReactNode;
  indexLabel: string;
}

/**
 * The contacts, grouped by letter with sticky group headers and an A–Z side index; only the
 * rows on screen are rendered, so thousands of contacts scroll smoothly.
 */
export function ContactList({ groups, contactUrl, header, footer, indexLabel }: ContactListProps) {
  const t = useT();
  const list = useRef<GroupedVirtuosoHandle>(null);
  const { items, counts, letters, keys } = useMemo(
    () => ({
      items: groups.flatMap((group) => group.items),
      counts: groups.map((group) => group.items.length),
      letters: groups.map((group) => group.letter),
      // Virtuoso asks for keys by position among headers and rows together.
      keys: groups.flatMap((group) => [
        `group-${group.letter}`,
        ...group.items.map((friend) => `contact-${friend.userId}`),
      ]),
    }),
    [groups],
  );
  const context = useMemo(() => ({ header, footer }), [header, footer]);

  const jumpTo = (letter: string) => {
    const groupIndex = groupIndexForLetter(letters, letter);
    // One pixel past the group's start, so its own header (not the one before) is the sticky one.
    if (groupIndex >= 0) list.current?.scrollToIndex({ groupIndex, align: 'start', offset: 1 });
  };

  return (
    <div className={s.listArea}>
      <GroupedVirtuoso
        ref={list}
        className={s.scroller}
        groupCounts={counts}
        context={context}
        components={components}
        computeItemKey={(index) => keys[index] ?? index}
        groupContent={(index) => (
          <div className={s.groupHeader} role="heading" aria-level={2}>
            {letters[index]}
          </div>
        )}
        itemContent={(index) => {
          const friend = items[index];
          if (!friend) return null;
          const name = displayNameOf(friend);
          return (
            <AppLink to={contactUrl(friend)} className={s.contact}>
              <span aria-hidden className={s.contactAvatar}>
                <Avatar name={name} src={friend.portrait || undefined} alt="" size={40} />
              </span>
              <span className={s.contactName}>{name}</span>
              {friend.isBlocked && <span className={s.blockedTag}>{t('contacts.blocked')}</span>}
            </AppLink>
          );
        }}
      />
      {letters.length > 0 && <LetterIndex letters={INDEX_LETTERS} onSelect={jumpTo} label={indexLabel} />}
    </div>
  );
}
