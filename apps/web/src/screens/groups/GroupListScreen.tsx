import { TeamOutline } from 'antd-mobile-icons';
import { EmptyState } from '../../components/EmptyState';
import { ListSkeleton } from '../../components/ListSkeleton';
import { Page } from '../../components/Page';
import { useSavedGroups } from '../../api/queries/savedGroups';
import { useT } from '../../i18n';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import { LoadFailed } from './LoadFailed';
import { Photo } from './Photo';
import s from './groups.module.css';

/** Group Chats (`wx/groupInfo/grouplist`): the groups saved to contacts; one opens its chat. */
export function GroupListScreen({ chatWindowUrl }: { chatWindowUrl: string }) {
  const t = useT();
  const nav = useNav();
  const groups = useSavedGroups();

  let body;
  if (groups.isPending) body = <ListSkeleton photo="square" />;
  else if (groups.isError)
    body = <LoadFailed text={t('groups.loadFailed')} onRetry={() => void groups.refetch()} />;
  else if (groups.data.length === 0)
    body = (
      <EmptyState icon={<TeamOutline />} title={t('groups.listEmpty')} hint={t('groups.listEmptyHint')} />
    );
  else
    body = (
      <>
        <ul className={s.people}>
          {groups.data.map((group) => (
            <li key={group.groupId}>
              <button
                type="button"
                className={s.person}
                onClick={() => nav.navigateTo(withQuery(chatWindowUrl, { chatId: group.chatId }))}
              >
                <Photo name={group.name} portrait={group.portrait} faces={group.faces} />
                <span className={s.personName}>{group.name}</span>
              </button>
            </li>
          ))}
        </ul>
        <p className={s.note}>{t('groups.listTotal', { count: groups.data.length })}</p>
      </>
    );

  return <Page title={t('routes.groupList')}>{body}</Page>;
}
