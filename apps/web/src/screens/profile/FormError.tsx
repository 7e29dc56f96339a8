import s from './profile.module.css';

/** A form's validation message, announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={s.error} role="alert">
      {message}
    </p>
  );
}
