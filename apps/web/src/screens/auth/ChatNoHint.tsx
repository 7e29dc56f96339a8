import { CheckCircleOutline, CloseCircleOutline } from 'antd-mobile-icons';
import { DotLoading } from 'antd-mobile';
import { useT } from '../../i18n';
import type { ChatNoState } from './useChatNoCheck';
import s from './auth.module.css';

const KEYS = {
  checking: 'chatNo.checking',
  available: 'chatNo.available',
  taken: 'chatNo.taken',
  tooShort: 'chatNo.tooShort',
  tooLong: 'chatNo.tooLong',
  invalid: 'chatNo.invalid',
  error: 'chatNo.checkFailed',
} as const;

/** The outcome of the live chat ID check, shown (and announced) under the field. */
export function ChatNoHint({ state }: { state: ChatNoState }) {
  const t = useT();
  if (state === 'idle') return null;
  return (
    <span className={s.checkState} data-state={state}>
      {state === 'checking' && <DotLoading color="currentColor" aria-hidden />}
      {state === 'available' && <CheckCircleOutline aria-hidden />}
      {state !== 'checking' && state !== 'available' && <CloseCircleOutline aria-hidden />}
      {t(KEYS[state])}
    </span>
  );
}
