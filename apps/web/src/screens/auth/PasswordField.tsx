import { useState } from 'react';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { TextField, type TextFieldProps } from '../../components/TextField';
import { useT } from '../../i18n';
import s from './auth.module.css';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className={s.iconButton}
          aria-label={t(visible ? 'login.hidePassword' : 'login.showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeInvisibleOutline aria-hidden /> : <EyeOutline aria-hidden />}
        </button>
      }
    />
  );
}
