import type { ReactNode } from 'react';
import type { UserInfo } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { useT } from '../../i18n';
import { WithMyInfo } from './WithMyInfo';
import s from './profile.module.css';

export interface EditorPageProps {
  title: string;
  /** The form the title bar's Done button submits. */
  formId: string;
  busy?: boolean;
  /** No Done button (nothing can be changed). */
  readOnly?: boolean;
  children: (info: UserInfo) => ReactNode;
}

/** The title bar's Done: submits the editor's form. */
export function DoneButton({ formId, busy = false }: { formId: string; busy?: boolean }) {
  const t = useT();
  return (
    <button type="submit" form={formId} className={s.done} disabled={busy} aria-busy={busy}>
      {t('profile.done')}
    </button>
  );
}

/** A profile editor: the title bar with Done, and the form once the profile is loaded. */
export function EditorPage({ title, formId, busy = false, readOnly = false, children }: EditorPageProps) {
  return (
    <Page title={title} headerRight={readOnly ? undefined : <DoneButton formId={formId} busy={busy} />}>
      <WithMyInfo>{children}</WithMyInfo>
    </Page>
  );
}
