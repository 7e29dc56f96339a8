import { useRef, useState, type PointerEvent } from 'react';
import s from './LetterIndex.module.css';

export interface LetterIndexProps {
  letters: readonly string[];
  onSelect: (letter: string) => void;
  /** The accessible name of the index (a navigation landmark). */
  label: string;
}

const letterOf = (element: Element | null | undefined): string | null =>
  element?.closest<HTMLElement>('[data-letter]')?.dataset.letter ?? null;

/** The letter under the finger (a captured pointer's events all target the bar itself). */
const letterAt = (x: number, y: number): string | null =>
  typeof document.elementFromPoint === 'function' ? letterOf(document.elementFromPoint(x, y)) : null;

/**
 * The A–Z side index of a long list: each letter a button (tap, or Enter with the keyboard);
 * dragging along the bar jumps as the finger passes each letter, with the current letter shown
 * large beside the finger.
 */
export function LetterIndex({ letters, onSelect, label }: LetterIndexProps) {
  const [dragging, setDragging] = useState<string | null>(null);
  const last = useRef<string | null>(null);

  const pick = (letter: string | null) => {
    if (!letter || letter === last.current) return;
    last.current = letter;
    setDragging(letter);
    onSelect(letter);
  };
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    last.current = null;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pick(letterOf(event.target as Element));
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (last.current !== null) pick(letterAt(event.clientX, event.clientY));
  };
  const end = () => {
    last.current = null;
    setDragging(null);
  };

  return (
    <>
      <nav className={s.bar} aria-label={label}>
        <ul
          className={s.letters}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={end}
          onPointerCancel={end}
        >
          {letters.map((letter) => (
            <li key={letter}>
              <button
                type="button"
                className={s.letter}
                data-letter={letter}
                data-active={dragging === letter || undefined}
                // A tap already jumped on pointer down; the click is for the keyboard.
                onClick={(event) => {
                  if (event.detail === 0) onSelect(letter);
                }}
              >
                {letter}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {/* Outside the bar: centred over the list the bar sits on (its container is positioned). */}
      {dragging && (
        <div className={s.bubble} aria-hidden>
          {dragging}
        </div>
      )}
    </>
  );
}
