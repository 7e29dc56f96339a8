import { ErrorId } from '@paichat/protocol';
import { NoWayOn } from '../../components/NoWayOn';
import { Page } from '../../components/Page';
import { ApiError } from '../../api/request';
import { useGroupPreview, useJoinGroup } from '../../api/queries/groupCode';
import { useT } from '../../i18n';
import { withQuery } from '../../lib/url';
import { useNav, useRouteParams } from '../../nav';
import { Photo } from './Photo';
import s from './groups.module.css';

/** Refusals of a code that say more than "not valid". */
const TOLD: ReadonlySet<string> = new Set([
  ErrorId.groupCodeExpired,
  ErrorId.groupCodeRevoked,
  ErrorId.groupDismissed,
  ErrorId.groupNotFound,
]);

/** Why a code opens nothing, in the person's language: an expired or revoked code says so. */
function Refused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  let text = t('errors.groupCodeInvalid');
  const offline = !(error instanceof ApiError) || error.kind === 'network';
  if (offline) text = t('errors.network');
  else if (error.err && TOLD.has(error.err)) text = t(`errors.${error.err as 'groupCodeExpired'}`);
  return <NoWayOn title={text} onRetry={offline ? onRetry : undefined} />;
}

/**
 * Group Chat Info (`wx/groupInfo/scanCodeDetail?code=…`), what a group QR code opens: the
 * group's name, picture and size, with Join for a non-member and Open chat for a member.
 */
export function ScanCodeDetailScreen({ chatWindowUrl }: { chatWindowUrl: string }) {
  const t = useT();
  const nav = useNav();
  const code = useRouteParams().code ?? '';
  const preview = useGroupPreview(code);
  const join = useJoinGroup();

  const onJoin = async () => {
    if (join.isPending) return;
    try {
      const { group } = await join.mutateAsync(code);
      nav.redirectTo(withQuery(chatWindowUrl, { chatId: group.chatId }));
    } catch {
      // The request function has shown why.
    }
  };

  let body;
  if (!code) body = <NoWayOn title={t('groups.join.noCode')} />;
  else if (preview.isError) body = <Refused error={preview.error} onRetry={() => void preview.refetch()} />;
  else if (!preview.data) body = <p className={s.note}>{t('common.loading')}</p>;
  else {
    const group = preview.data;
    body = (
      <section className={s.card} aria-label={group.name}>
        <Photo name={group.name} portrait={group.portrait} size={72} />
        <h2 className={s.groupName}>{group.name}</h2>
        <p className={s.muted}>{t('groups.memberCount', { count: group.memberCount })}</p>
        {/* Joining again answers the group as it is: for a member, it just opens the chat. */}
        <button
          type="button"
          className={s.primary}
          disabled={join.isPending}
          aria-busy={join.isPending}
          onClick={() => void onJoin()}
        >
          {t(group.isMember ? 'groups.join.open' : 'groups.join.join')}
        </button>
      </section>
    );
  }

  return <Page title={t('routes.groupChatInfo')}>{body}</Page>;
}
