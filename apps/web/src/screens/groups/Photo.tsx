import type { GroupFace } from '@paichat/protocol';
import { GroupAvatar } from '../../components/GroupAvatar';
import s from './groups.module.css';

/**
 * A person's or a group's picture beside its name (a group's drawn from its members' `faces`):
 * decoration, hidden from assistive technology.
 */
export function Photo({
  name,
  portrait,
  faces,
  size = 40,
}: {
  name: string;
  portrait: string;
  faces?: readonly GroupFace[];
  size?: number;
}) {
  return (
    <span aria-hidden className={s.photo}>
      <GroupAvatar name={name} portrait={portrait} faces={faces} alt="" size={size} />
    </span>
  );
}
