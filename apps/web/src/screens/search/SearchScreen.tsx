import { useMemo, useState } from 'react';
import { SearchOutline, UserAddOutline } from 'antd-mobile-icons';
import { Virtuoso } from 'react-virtuoso';
import { SEARCH_KEYWORD_MAX, type GroupFace, type MessageHit } from '@paichat/protocol';
import { hitsOf, useSearchMessages } from '../../api/queries/searchMessages';
import { AppLink } from '../../components/AppLink';
import { Avatar } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import { GroupAvatar } from '../../components/GroupAvatar';
import { ListEnd, loadMore, nearEnd } from '../../components/ListEnd';
import { currentLocale, useT } from '../../i18n';
import { formatChatTime } from '../../lib/chatTime';
import { displayNameOf } from '../../lib/contactGroups';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useNow } from '../../lib/useNow';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import { localChatNoState } from '../auth/useChatNoCheck';
import { Highlighted } from './Highlighted';
import { useLocalMatches } from './useLocalMatches';
import { usePipIdLookup } from './usePipIdLookup';
import s from './search.module.css';

export interface SearchScreenProps {
  chatWindowUrl: string;
  /** A contact's Info page (`userId`). */
  contactInfoUrl: string;
  /** The add-friend page of a person found by PipID (`userId`, `source`, `ref`). */
  addFriendDetailUrl: string;
}

interface LocalItem {
  key: string;
  to: string;
  name: string;
  portrait: string;
  /** A group's first members, drawn as its picture. */
  faces?: readonly GroupFace[] | undefined;
  /** A second line (a contact's nickname under their remark). */
  sub?: string | undefined;
}

/** Contacts or groups found on the device: a heading and a row each (nothing when none). */
function LocalSection({ id, title, items }: { id: string; title: string; items: LocalItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={s.heading}>
        {title}
      </h2>
      <ul className={s.list}>
        {items.map((item) => (
          <li key={item.key}>
            <AppLink to={item.to} className={s.row}>
              <GroupAvatar name={item.name} portrait={item.portrait} faces={item.faces} alt="" size={40} />
              <span className={s.text}>
                <span className={s.title}>{item.name}</span>
                {item.sub && <span className={s.sub}>{item.sub}</span>}
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where a message found opens: its chat, at the message. */
const hitUrl = (chatWindowUrl: string, hit: MessageHit) =>
  withQuery(chatWindowUrl, {
    chatId: hit.chatId,
    userId: hit.chatType === 'SINGLE' ? hit.peerId : undefined,
    msgId: hit.msgId,
    seq: String(hit.seq),
  });

/**
 * Search (`wx/search/index`, from the Message and Contact tabs): as one types, the contacts
 * (by remark, nickname, chat ID or pinyin: "zs" finds 张三) and group chats found on the device,
 * a row to look the keyword up as a PipID when it could be one, then the messages of all one's
 * chats the server finds, newest first with the matching words marked, more as one scrolls. A
 * message opens its chat at that message.
 */
export function SearchScreen({ chatWindowUrl, contactInfoUrl, addFriendDetailUrl }: SearchScreenProps) {
  const t = useT();
  const nav = useNav();
  const now = useNow();
  const locale = currentLocale();
  const [typed, setTyped] = useState('');
  const keyword = typed.trim();
  const { contacts, groups } = useLocalMatches(keyword);
  const serverKeyword = useDebouncedValue(keyword, 300);
  const query = useSearchMessages(serverKeyword);
  const pipId = usePipIdLookup(addFriendDetailUrl);
  // A PipID is a chat ID, so only a keyword that passes the chat ID rule can be one.
  const mayBePipId = localChatNoState(keyword) === null;
  const hits = useMemo(() => (serverKeyword ? hitsOf(query.data) : []), [query.data, serverKeyword]);

  return (
    <div className={s.screen}>
      <header className={s.bar}>
        {/* The page's heading, for screen readers: the search field stands in its place. */}
        <h1 className="visually-hidden">{t('routes.search')}</h1>
        <label className={s.field}>
          <SearchOutline aria-hidden />
          <input
            type="search"
            value={typed}
            maxLength={SEARCH_KEYWORD_MAX}
            // The page exists to type into.
            autoFocus
            enterKeyHint="search"
            placeholder={t('search.placeholder')}
            aria-label={t('search.placeholder')}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <button type="button" className={s.cancel} onClick={() => nav.navigateBack()}>
          {t('common.cancel')}
        </button>
      </header>
      {!keyword ? (
        <p className={s.hint}>{t('search.hint')}</p>
      ) : (
        <main>
          <LocalSection
            id="search-contacts"
            title={t('search.contacts')}
            items={contacts.map((friend) => ({
              key: friend.userId,
              to: withQuery(contactInfoUrl, { userId: friend.userId }),
              name: displayNameOf(friend),
              portrait: friend.portrait,
              sub: displayNameOf(friend) === friend.nickName ? undefined : friend.nickName,
            }))}
          />
          <LocalSection
            id="search-groups"
            title={t('search.groups')}
            items={groups.map((group) => ({
              key: group.chatId,
              to: withQuery(chatWindowUrl, { chatId: group.chatId }),
              name: group.name,
              portrait: group.portrait,
              faces: group.faces,
            }))}
          />
          {mayBePipId && (
            <button
              type="button"
              className={s.pipRow}
              disabled={pipId.pending}
              aria-busy={pipId.pending}
              onClick={() => pipId.lookUp(keyword)}
            >
              <span className={s.pipIcon} aria-hidden>
                <UserAddOutline />
              </span>
              <span className={s.title}>{t('search.lookUpPipId', { keyword })}</span>
            </button>
          )}
          {pipId.notFound === keyword && (
            <p className={s.note} role="status">
              {t('errors.userNotFound')}
            </p>
          )}
          <section aria-labelledby="search-messages">
            <h2 id="search-messages" className={s.heading}>
              {t('search.messages')}
            </h2>
            <Virtuoso
              useWindowScroll
              data={hits}
              computeItemKey={(_index, hit) => hit.msgId}
              increaseViewportBy={400}
              rangeChanged={({ endIndex }) => nearEnd(endIndex, hits.length) && loadMore(query)}
              itemContent={(_index, hit) => (
                <AppLink to={hitUrl(chatWindowUrl, hit)} className={s.row}>
                  <Avatar name={hit.chatName} src={hit.chatPortrait || undefined} alt="" size={40} />
                  <span className={s.text}>
                    <span className={s.titleLine}>
                      <span className={s.title}>{hit.chatName}</span>
                      <time className={s.time} dateTime={new Date(hit.createTime).toISOString()}>
                        {formatChatTime(hit.createTime, now, locale)}
                      </time>
                    </span>
                    <span className={s.sub}>
                      {hit.chatType === 'GROUP' && `${t('search.from', { name: hit.fromNickName })} `}
                      <Highlighted text={hit.text} ranges={hit.highlights} />
                    </span>
                  </span>
                </AppLink>
              )}
            />
            {serverKeyword === keyword && (
              <ListEnd
                query={query}
                count={hits.length}
                failedText={t('search.loadFailed')}
                endText={t('search.noMore')}
                empty={<EmptyState icon={<SearchOutline />} title={t('search.noResults')} />}
              />
            )}
          </section>
        </main>
      )}
    </div>
  );
}
