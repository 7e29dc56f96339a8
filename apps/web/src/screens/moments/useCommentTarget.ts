import { useCallback, useState } from 'react';
import type { CommentTarget } from './MomentComments';

/** Which post (or comment) the comment bar answers; null while it is closed. */
export function useCommentTarget() {
  const [target, setTarget] = useState<CommentTarget | null>(null);
  const open = useCallback((next: CommentTarget) => setTarget(next), []);
  const close = useCallback(() => setTarget(null), []);
  return { target, open, close };
}
