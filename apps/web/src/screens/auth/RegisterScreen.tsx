import { useState, type FormEvent } from 'react';
import { Page } from '../../components/Page';
import { TextField } from '../../components/TextField';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { call } from '../../api/request';
import * as endpoints from '../../api/endpoints';
import { check } from '../../lib/checker';
import { useSession } from '../../store/session';
import { NEW_PASSWORD_MAX, NICKNAME_MAX } from '@paichat/protocol';
import { CaptchaField } from './CaptchaField';
import { ChatNoHint } from './ChatNoHint';
import { AccountField, FormEnd } from './FormEnd';
import { PasswordField } from './PasswordField';
import { registerRules } from './rules';
import { useChatNoCheck } from './useChatNoCheck';
import { useVerificationCode } from './useVerificationCode';
import s from './auth.module.css';

export interface RegisterScreenProps {
  homeUrl: string;
  agreementUrl: string;
}

/**
 * Sign-up: a new account is signed in at once and lands on the Message tab. The form shows once
 * the server has said whether it wants a verification code (no field appears or goes after).
 */
export function RegisterScreen({ homeUrl, agreementUrl }: RegisterScreenProps) {
  const t = useT();
  const nav = useNav();
  const session = useSession();
  const [chatNo, setChatNo] = useState('');
  const [nickName, setNickName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chatNoState = useChatNoCheck(chatNo.trim());
  const code = useVerificationCode();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const values = {
      chatNo: chatNo.trim(),
      nickName: nickName.trim(),
      password,
      confirm,
      code: code.code,
      agreed,
    };
    const failure = check(values, registerRules(t, code.enabled));
    const message = failure?.message ?? (chatNoState === 'taken' ? t('chatNo.taken') : null);
    setError(message);
    if (message) return;

    setBusy(true);
    try {
      const { token } = await call(endpoints.register, {
        chatNo: values.chatNo,
        nickName: values.nickName,
        password,
        ...code.answer(),
      });
      await session.signIn(token);
      nav.reLaunch(homeUrl);
    } catch (failure) {
      // Shown by the request function (a wrong code, a taken chat ID, a closed sign-up, the network).
      code.refused(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('routes.register')}>
      <div className={s.main} aria-busy={!code.ready}>
        {code.ready && (
          <>
            <form className={s.form} onSubmit={submit} noValidate>
              <p className={s.intro}>{t('register.intro')}</p>
              <AccountField
                label={t('register.chatNo')}
                placeholder={t('register.chatNoPlaceholder')}
                value={chatNo}
                onValueChange={setChatNo}
                hint={<ChatNoHint state={chatNoState} />}
                hintLive
              />
              <TextField
                label={t('register.nickName')}
                placeholder={t('register.nickNamePlaceholder')}
                value={nickName}
                onValueChange={setNickName}
                autoComplete="nickname"
                maxLength={NICKNAME_MAX}
              />
              <PasswordField
                label={t('register.password')}
                placeholder={t('profile.password.newPlaceholder')}
                value={password}
                onValueChange={setPassword}
                autoComplete="new-password"
                maxLength={NEW_PASSWORD_MAX + 10}
              />
              <PasswordField
                label={t('register.confirmPassword')}
                placeholder={t('register.confirmPlaceholder')}
                value={confirm}
                onValueChange={setConfirm}
                autoComplete="new-password"
                maxLength={NEW_PASSWORD_MAX + 10}
              />
              {code.enabled && <CaptchaField {...code.field} />}
              <FormEnd
                checked={agreed}
                onChange={setAgreed}
                agreementUrl={agreementUrl}
                error={error}
                busy={busy}
                submitLabel={t('register.submit')}
              />
            </form>
            <p className={s.alt}>
              <span>{t('register.haveAccount')}</span>
              <button type="button" className={s.altAction} onClick={nav.navigateBack}>
                {t('register.backToLogin')}
              </button>
            </p>
          </>
        )}
      </div>
    </Page>
  );
}
