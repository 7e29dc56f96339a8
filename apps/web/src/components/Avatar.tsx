import { useState } from 'react';
import { UserOutline } from 'antd-mobile-icons';
import { initialsOf } from '../lib/initials';
import s from './Avatar.module.css';

/** Dark enough for white initials (contrast ≥ 4.5:1). */
const COLORS = ['#067a3f', '#1f5fa8', '#8e3a9d', '#b3261e', '#795200', '#00695c'];

function colorFor(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return COLORS[h % COLORS.length] ?? '#067a3f';
}

export interface AvatarProps {
  name: string;
  src?: string;
  /** The accessible name of the picture. */
  alt: string;
  size?: number;
}

/** A profile photo, or the name's initials on a colour, or a default figure. */
export function Avatar({ name, src, alt, size = 64 }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: size * 0.4 };
  if (src && failed !== src) {
    return <img className={s.avatar} style={style} src={src} alt={alt} onError={() => setFailed(src)} />;
  }
  const initials = initialsOf(name);
  return (
    <span
      className={s.avatar}
      role="img"
      aria-label={alt}
      style={{ ...style, background: initials ? colorFor(name) : undefined }}
    >
      {initials || <UserOutline aria-hidden />}
    </span>
  );
}
