import { HeartOutline, MessageOutline } from 'antd-mobile-icons';
import type { MomentInteraction } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { ConnectionFailed, isConnectionFailure } from '../../components/ConnectionFailed';
import { Avatar } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import { useClearMomentInteractions, useMomentInteractions } from '../../api/queries/moments';
import { currentLocale, useT } from '../../i18n';
import { confirmDialog } from '../../lib/ui';
import { formatTimeAgo } from '../../lib/timeAgo';
import { useNow } from '../../lib/useNow';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import { nameOf } from './people';
import s from './moments.module.css';

/** One like, comment or reply on my posts (or reply to me), opening the post it is about. */
function InteractionRow({ item, now, onOpen }: { item: MomentInteraction; now: number; onOpen: () => void }) {
  const t = useT();
  const name = nameOf(item.from);
  return (
    <li>
      <button type="button" className={s.interaction} data-unread={!item.read || undefined} onClick={onOpen}>
        <Avatar name={item.from.nickName} src={item.from.portrait} alt="" size={44} />
        <span className={s.interactionBody}>
          <span className={s.commenter}>{name}</span>
          <span className={s.interactionText}>
            {item.kind === 'LIKE' ? (
              <>
                <HeartOutline aria-hidden /> {t('moments.likedYourPost')}
              </>
            ) : (
              <>
                <MessageOutline aria-hidden /> {item.text}
              </>
            )}
          </span>
          <span className={s.time}>
            {formatTimeAgo(item.createTime, now, currentLocale(), t('moments.justNow'))}
          </span>
        </span>
        {item.momentThumbUrl ? (
          <img className={s.interactionThumb} src={item.momentThumbUrl} alt="" loading="lazy" />
        ) : (
          <span className={s.interactionThumb}>{item.momentText}</span>
        )}
      </button>
    </li>
  );
}

/**
 * Messages: likes, comments and replies on my posts and replies to my comments, newest first.
 * Opening the list reads them (the Discover count goes to 0); Clear, once confirmed, empties it.
 */
export function InteractionsScreen({ detailUrl }: { detailUrl: string }) {
  const t = useT();
  const nav = useNav();
  const now = useNow();
  const list = useMomentInteractions();
  const clear = useClearMomentInteractions();

  const askClear = async () => {
    const sure = await confirmDialog({
      title: t('moments.clearConfirm'),
      confirmText: t('moments.clear'),
      danger: true,
      cancelText: t('common.cancel'),
    });
    if (sure) clear.mutate();
  };

  let body;
  if (list.isPending) body = <p className={s.note}>{t('common.loading')}</p>;
  else if (isConnectionFailure(list.error)) body = <ConnectionFailed onRetry={() => void list.refetch()} />;
  else if (list.isError)
    body = (
      <div className={s.note}>
        <p>{t('moments.messagesLoadFailed')}</p>
        <button type="button" className={s.retry} onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  else if (list.data.length === 0)
    body = <EmptyState icon={<MessageOutline />} title={t('moments.noMessages')} />;
  else
    body = (
      <ul className={s.interactionList}>
        {list.data.map((item) => (
          <InteractionRow
            key={item.interactionId}
            item={item}
            now={now}
            onOpen={() => nav.navigateTo(withQuery(detailUrl, { momentId: item.momentId }))}
          />
        ))}
      </ul>
    );

  return (
    <Page
      title={t('routes.momentsMessages')}
      headerRight={
        <button
          type="button"
          className={s.headerButton}
          disabled={!list.data?.length || clear.isPending}
          onClick={() => void askClear()}
        >
          {t('moments.clear')}
        </button>
      }
    >
      {body}
    </Page>
  );
}
