import { Avatar } from '../../components/Avatar';
import s from './groups.module.css';

/** A person's or a group's picture beside its name: decoration, hidden from assistive technology. */
export function Photo({ name, portrait, size = 40 }: { name: string; portrait: string; size?: number }) {
  return (
    <span aria-hidden className={s.photo}>
      <Avatar name={name} src={portrait || undefined} alt="" size={size} />
    </span>
  );
}
