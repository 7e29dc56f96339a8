import { useId, useState, type FormEvent } from 'react';
import { CHAT_NO_MAX } from '@paichat/protocol';
import { useSetMyChatNo } from '../../api/queries/setMyChatNo';
import { useMyInfo } from '../../api/queries/myInfo';
import { InfoList } from '../../components/InfoList';
import { TextField } from '../../components/TextField';
import { confirmDialog } from '../../lib/ui';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { check } from '../../lib/checker';
import { ChatNoHint } from '../auth/ChatNoHint';
import { useChatNoCheck } from '../auth/useChatNoCheck';
import { EditorPage } from './EditorPage';
import { FormError } from './FormError';
import { chatNoRules } from './rules';
import s from './profile.module.css';

/** A chat ID, once set, only shows: as text in a row, not as a field that looks editable. */
function ChatNoShown({ chatNo }: { chatNo: string }) {
  const t = useT();
  return (
    <>
      <InfoList rows={[{ key: 'chatNo', label: t('profile.chatId'), value: chatNo }]} />
      <p className={s.note}>{t('profile.chatIdFixed')}</p>
    </>
  );
}

/** No chat ID yet: choose one, checked live (spec 5), confirmed, then set for good. */
function ChatNoForm({ id, mutation }: { id: string; mutation: ReturnType<typeof useSetMyChatNo> }) {
  const t = useT();
  const nav = useNav();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chatNo = value.trim();
  const state = useChatNoCheck(chatNo);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const failure = check({ chatNo }, chatNoRules(t));
    const message = failure?.message ?? (state === 'taken' ? t('chatNo.taken') : null);
    setError(message);
    if (message) return;
    const confirmed = await confirmDialog({
      title: t('profile.chatIdConfirmTitle'),
      content: t('profile.chatIdConfirm', { chatNo }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await mutation.mutateAsync(chatNo);
    } catch {
      // Shown by the request function (taken meanwhile, already set on another device).
      return;
    }
    nav.navigateBack();
  };

  return (
    <form id={id} className={s.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('profile.chatId')}
        placeholder={t('register.chatNoPlaceholder')}
        value={value}
        onValueChange={setValue}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={CHAT_NO_MAX + 10}
        hint={<ChatNoHint state={state} />}
        hintLive
      />
      <p className={s.warning}>{t('profile.chatIdWarning')}</p>
      <FormError message={error} />
    </form>
  );
}

/** Change Chat No.: read-only once set; otherwise set it once. */
export function EditChatNoScreen() {
  const t = useT();
  const formId = useId();
  const mutation = useSetMyChatNo();
  const hasChatNo = Boolean(useMyInfo().data?.chatNo);
  return (
    <EditorPage title={t('routes.editChatNo')} formId={formId} busy={mutation.isPending} readOnly={hasChatNo}>
      {(info) =>
        info.chatNo ? <ChatNoShown chatNo={info.chatNo} /> : <ChatNoForm id={formId} mutation={mutation} />
      }
    </EditorPage>
  );
}
