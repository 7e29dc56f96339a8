import s from './Switch.module.css';

export interface SwitchProps {
  /** The accessible name, and the visible label beside the switch. */
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  busy?: boolean;
}

/**
 * A settings row with an on/off switch: a real button with the switch role, so it is
 * focusable, works with the keyboard and is read as "Add to blacklist, switch, off".
 */
export function Switch({ label, checked, onChange, disabled, busy }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      className={s.row}
      aria-checked={checked}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      onClick={() => onChange(!checked)}
    >
      <span className={s.label}>{label}</span>
      <span className={s.track} aria-hidden>
        <span className={s.thumb} />
      </span>
    </button>
  );
}
