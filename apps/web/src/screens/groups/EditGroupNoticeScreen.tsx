import { useId, useState, type FormEvent } from 'react';
import { GROUP_NOTICE_MAX, setGroupNotice, type GroupView } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { useLeaveGuard } from '../../components/leaveGuard';
import { useUpdateGroup } from '../../api/queries/groupInfo';
import { currentLocale, useT } from '../../i18n';
import { formatMessageTime } from '../../lib/chatTime';
import { useNav } from '../../nav';
import { markNoticeSeen } from '../../store/groupNoticeSeen';
import { DoneButton } from '../profile/EditorPage';
import { GroupLoader, useGroupIdParam } from './GroupLoader';
import s from './groups.module.css';

function NoticeView({ group }: { group: GroupView }) {
  const t = useT();
  if (!group.notice) return <p className={s.note}>{t('groups.notice.empty')}</p>;
  return (
    <>
      <p className={s.noticeText}>{group.notice}</p>
      {group.noticeTime > 0 && (
        <p className={s.note}>
          {t('groups.notice.updated', {
            time: formatMessageTime(group.noticeTime, Date.now(), currentLocale()),
          })}
        </p>
      )}
      {group.myRole !== 'OWNER' && <p className={s.note}>{t('groups.notice.ownerOnly')}</p>}
    </>
  );
}

function NoticeForm({
  id,
  group,
  onSave,
}: {
  id: string;
  group: GroupView;
  onSave: (notice: string) => void;
}) {
  const t = useT();
  const hintId = useId();
  const [value, setValue] = useState(group.notice);
  const commit = () => onSave(value.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  useLeaveGuard(value.trim() !== group.notice, commit);
  return (
    <form id={id} className={s.form} onSubmit={submit} noValidate>
      <textarea
        className={s.textarea}
        aria-label={t('groups.info.notice')}
        aria-describedby={hintId}
        value={value}
        maxLength={GROUP_NOTICE_MAX}
        onChange={(event) => setValue(event.target.value)}
        autoFocus
      />
      <p id={hintId} className={s.muted}>
        {t('groups.notice.hint', { max: GROUP_NOTICE_MAX })}
      </p>
    </form>
  );
}

/**
 * Group notice (`wx/groupInfo/editGroupNotice?groupId=…`): everyone reads it; the owner taps
 * Edit, changes it and taps Done, and every member is told in the chat.
 */
export function EditGroupNoticeScreen() {
  const t = useT();
  const nav = useNav();
  const formId = useId();
  const groupId = useGroupIdParam();
  const [editing, setEditing] = useState(false);
  const update = useUpdateGroup(setGroupNotice);

  const save = async (group: GroupView, notice: string) => {
    if (update.isPending) return;
    if (notice === group.notice) {
      setEditing(false);
      return;
    }
    try {
      const { group: saved } = await update.mutateAsync({ groupId, notice });
      // The owner has seen what they wrote: the chat does not show it back to them.
      markNoticeSeen(groupId, saved.noticeTime);
      nav.navigateBack();
    } catch {
      // The request function has shown why.
    }
  };

  return (
    <GroupLoader groupId={groupId} fallbackTitle={t('routes.editGroupNotice')}>
      {({ group }) => {
        let action = null;
        if (group.myRole === 'OWNER')
          action = editing ? (
            <DoneButton formId={formId} busy={update.isPending} />
          ) : (
            <button type="button" className={s.done} onClick={() => setEditing(true)}>
              {t('groups.notice.edit')}
            </button>
          );
        return (
          <Page title={t('routes.editGroupNotice')} headerRight={action}>
            {editing ? (
              <NoticeForm id={formId} group={group} onSave={(notice) => void save(group, notice)} />
            ) : (
              <NoticeView group={group} />
            )}
          </Page>
        );
      }}
    </GroupLoader>
  );
}
