import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { TEXT_INPUT_MAX_LENGTH } from '@paichat/protocol';
import s from './TextField.module.css';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'className'
> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A control inside the field's end (show password, code image). */
  trailing?: ReactNode;
  /** Text under the field, read as its description (a live check result). */
  hint?: ReactNode;
  hintLive?: boolean;
}

/**
 * A labelled text input in the app's form style. It takes at most spec 9's runtime default of
 * 140 characters unless the field has a limit of its own (`maxLength`).
 */
export function TextField({
  label,
  value,
  onValueChange,
  trailing,
  hint,
  hintLive,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      <div className={s.control}>
        <input
          {...input}
          maxLength={input.maxLength ?? TEXT_INPUT_MAX_LENGTH}
          id={id}
          className={s.input}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-describedby={hint ? hintId : undefined}
        />
        {trailing}
      </div>
      {hint !== undefined && (
        <div id={hintId} className={s.hint} role={hintLive ? 'status' : undefined}>
          {hint}
        </div>
      )}
    </div>
  );
}
