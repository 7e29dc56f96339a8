import { TextField } from '../../components/TextField';
import { useT } from '../../i18n';
import s from './auth.module.css';

export interface CaptchaFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  /** The code image (an SVG data URL), if loaded. */
  image: string | undefined;
  loading: boolean;
  onRefresh: () => void;
}

/** The verification code input with its image; tapping the image fetches a new code. */
export function CaptchaField({ value, onValueChange, image, loading, onRefresh }: CaptchaFieldProps) {
  const t = useT();
  return (
    <TextField
      label={t('login.code')}
      placeholder={t('login.codePlaceholder')}
      value={value}
      onValueChange={onValueChange}
      autoComplete="off"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      maxLength={16}
      trailing={
        <button
          type="button"
          className={s.codeButton}
          aria-label={t('login.refreshCode')}
          aria-busy={loading}
          onClick={onRefresh}
        >
          {image ? <img src={image} alt="" className={s.codeImage} /> : <span>{t('login.loadCode')}</span>}
        </button>
      }
    />
  );
}
