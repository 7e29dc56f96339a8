import { useMemo, useState } from 'react';
import { AddOutline, SearchOutline, StarOutline } from 'antd-mobile-icons';
import { Virtuoso } from 'react-virtuoso';
import { MsgType, type Favorite } from '@paichat/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { favoritesKey, favoritesOf, useDeleteFavorite, useFavorites } from '../../api/queries/favorites';
import { ChatLinksContext } from '../../components/chat/ChatLinks';
import { EmptyState } from '../../components/EmptyState';
import { ListEnd, loadMore, nearEnd } from '../../components/ListEnd';
import { Page } from '../../components/Page';
import { PullRefresh } from '../../components/PullRefresh';
import { keepFirstPage } from '../../api/queries/paging';
import { useT } from '../../i18n';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useLongPress } from '../../lib/useLongPress';
import { useNow } from '../../lib/useNow';
import { confirmDialog } from '../../lib/ui';
import { useNav } from '../../nav';
import { ActionSheet } from '../../components/chat/Sheet';
import { CardPickerSheet } from '../chat/CardPickerSheet';
import { useSendToFriend } from '../chat/useSendToFriend';
import { FavoriteDetail } from './FavoriteDetail';
import { FavoriteSummary } from './FavoriteSummary';
import { useFavoriteTexts } from './useFavoriteTexts';
import s from './favorites.module.css';

export interface FavoritesScreenProps {
  addUrl: string;
  /** Where a contact card in a favorite leads, and the download page a video may offer. */
  addFriendDetailUrl: string;
  downloadUrl: string;
}

function FavoriteRow({
  favorite,
  now,
  onOpen,
  onMenu,
}: {
  favorite: Favorite;
  now: number;
  onOpen: (favorite: Favorite) => void;
  onMenu: (favorite: Favorite) => void;
}) {
  const longPress = useLongPress(() => onMenu(favorite));
  return (
    <button type="button" className={s.row} onClick={() => onOpen(favorite)} {...longPress}>
      <FavoriteSummary favorite={favorite} now={now} />
    </button>
  );
}

/**
 * Favorites: what I saved, newest first, found by a search over its words and senders. Pull
 * down for the newest; more load near the end. Tap one to see it whole; hold it (or from the
 * opened one) to send it to a friend or delete it. "+" writes a note.
 */
export function FavoritesScreen({ addUrl, addFriendDetailUrl, downloadUrl }: FavoritesScreenProps) {
  const t = useT();
  const nav = useNav();
  const client = useQueryClient();
  const now = useNow();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const query = useFavorites(keyword);
  const favorites = useMemo(() => favoritesOf(query.data), [query.data]);
  const remove = useDeleteFavorite();
  const sendToFriend = useSendToFriend();
  const texts = useFavoriteTexts();
  const [opened, setOpened] = useState<Favorite | null>(null);
  const [menuFor, setMenuFor] = useState<Favorite | null>(null);
  const [sending, setSending] = useState<Favorite | null>(null);

  const refresh = async () => {
    keepFirstPage(client, favoritesKey(keyword));
    await query.refetch();
  };

  const askDelete = async (favorite: Favorite) => {
    setOpened(null);
    const confirmed = await confirmDialog({
      title: t('favorites.delete'),
      content: t('favorites.deleteConfirm', { item: texts.itemName(favorite) }),
      confirmText: t('favorites.delete'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (confirmed) remove.mutate(favorite.favoriteId);
  };

  const startSend = (favorite: Favorite) => {
    setOpened(null);
    setSending(favorite);
  };

  return (
    <ChatLinksContext value={{ download: downloadUrl, addFriendDetail: addFriendDetailUrl }}>
      <Page
        title={t('routes.favorites')}
        headerRight={
          <button
            type="button"
            className={s.headerButton}
            aria-label={t('routes.addFavorite')}
            onClick={() => nav.navigateTo(addUrl)}
          >
            <AddOutline aria-hidden />
          </button>
        }
      >
        <label className={s.search}>
          <SearchOutline aria-hidden />
          <input
            type="search"
            value={search}
            maxLength={64}
            placeholder={t('favorites.search')}
            aria-label={t('favorites.search')}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        <PullRefresh onRefresh={refresh}>
          <Virtuoso
            useWindowScroll
            data={favorites}
            computeItemKey={(_index, favorite) => favorite.favoriteId}
            increaseViewportBy={400}
            rangeChanged={({ endIndex }) => nearEnd(endIndex, favorites.length) && loadMore(query)}
            itemContent={(_index, favorite) => (
              <FavoriteRow favorite={favorite} now={now} onOpen={setOpened} onMenu={setMenuFor} />
            )}
          />
          <ListEnd
            query={query}
            count={favorites.length}
            failedText={t('favorites.loadFailed')}
            endText={t('favorites.noMore')}
            empty={
              keyword ? (
                <EmptyState icon={<SearchOutline />} title={t('favorites.noMatch')} />
              ) : (
                <EmptyState
                  icon={<StarOutline />}
                  title={t('chatWindow.noFavorites')}
                  hint={t('chatWindow.noFavoritesHint')}
                />
              )
            }
          />
        </PullRefresh>
      </Page>
      <FavoriteDetail
        favorite={opened}
        onClose={() => setOpened(null)}
        onSend={startSend}
        onDelete={askDelete}
      />
      <ActionSheet
        open={menuFor !== null}
        title={t('favorites.detail')}
        actions={
          menuFor
            ? [
                { key: 'send', label: t('favorites.send'), onSelect: () => startSend(menuFor) },
                {
                  key: 'delete',
                  label: t('favorites.delete'),
                  danger: true,
                  onSelect: () => void askDelete(menuFor),
                },
              ]
            : []
        }
        cancelLabel={t('common.cancel')}
        onClose={() => setMenuFor(null)}
      />
      <CardPickerSheet
        open={sending !== null}
        title={t('favorites.sendTo')}
        onClose={() => setSending(null)}
        onPick={(friendId, friendName) => {
          if (!sending) return;
          void sendToFriend(
            friendId,
            MsgType.COLLECTION,
            { favoriteId: sending.favoriteId },
            {
              title: t('favorites.send'),
              question: t('favorites.sendConfirm', { item: texts.itemName(sending), name: friendName }),
              sent: t('favorites.sent'),
            },
          );
        }}
      />
    </ChatLinksContext>
  );
}
