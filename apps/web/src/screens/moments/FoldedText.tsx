import { useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import s from './moments.module.css';

/**
 * A post's text, folded after six lines with "Full text" to unfold it (and "Collapse" to fold it
 * again), as WeChat does; `folded={false}` shows it whole (the detail page).
 */
export function FoldedText({ text, foldable = true }: { text: string; foldable?: boolean }) {
  const t = useT();
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !foldable || open) return;
    setOverflows(element.scrollHeight > element.clientHeight + 1);
  }, [text, foldable, open]);

  if (!text) return null;
  return (
    <>
      <p ref={ref} className={s.text} data-folded={foldable && !open ? '' : undefined}>
        {text}
      </p>
      {foldable && (overflows || open) && (
        <button type="button" className={s.link} aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('moments.collapse') : t('moments.fullText')}
        </button>
      )}
    </>
  );
}
