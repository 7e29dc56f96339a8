import type { GroupFace } from '@paichat/protocol';
import { Avatar } from './Avatar';
import s from './GroupAvatar.module.css';

export interface GroupAvatarProps {
  name: string;
  /** The picture the server made; shown when the faces are not known (yet). */
  portrait: string;
  /** The first members by joining (up to nine): drawn as the picture. */
  faces?: readonly GroupFace[] | undefined;
  /** The accessible name of the picture. */
  alt: string;
  size?: number;
}

/**
 * A group's picture: its first members' photos in a grid, each without a photo as their
 * initials on a colour (so groups tell apart), in WeChat's 2×2 and 3×3 layouts.
 */
export function GroupAvatar({ name, portrait, faces, alt, size = 64 }: GroupAvatarProps) {
  if (!faces?.length) return <Avatar name={name} src={portrait || undefined} alt={alt} size={size} />;
  const columns = faces.length === 1 ? 1 : faces.length <= 4 ? 2 : 3;
  const gap = Math.max(1, Math.round(size / 24));
  const tile = Math.floor((size - gap * (columns + 1)) / columns);
  return (
    <span
      className={s.group}
      role="img"
      aria-label={alt}
      style={{ width: size, height: size, padding: gap, gap }}
    >
      {[...faces].reverse().map((face, index) => (
        <Avatar
          key={faces.length - index}
          name={face.nickName}
          src={face.portrait || undefined}
          alt=""
          size={tile}
        />
      ))}
    </span>
  );
}
