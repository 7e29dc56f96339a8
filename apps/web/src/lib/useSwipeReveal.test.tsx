import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { installPointerCapture } from '../components/chat/testSupport';
import { lockAxis, revealAfter, settlesOpen, useSwipeReveal } from './useSwipeReveal';

const ACTIONS_WIDTH = 180;

function Row({
  name,
  open,
  onOpenChange,
  onOpenRow,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenRow: (name: string) => void;
}) {
  const swipe = useSwipeReveal({ open, onOpenChange });
  return (
    <li ref={swipe.rootRef}>
      <button type="button" style={swipe.style} onClick={() => onOpenRow(name)} {...swipe.handlers}>
        {name}
      </button>
      <div ref={swipe.actionsRef} data-swipe-actions aria-hidden={!open || undefined} />
    </li>
  );
}

function List({ onOpenRow, onElsewhere }: { onOpenRow: (name: string) => void; onElsewhere: () => void }) {
  const [openRow, setOpenRow] = useState<string | null>(null);
  return (
    <>
      <ul>
        {['Amy', 'Ben'].map((name) => (
          <Row
            key={name}
            name={name}
            open={openRow === name}
            onOpenChange={(open) =>
              setOpenRow((current) => (open ? name : current === name ? null : current))
            }
            onOpenRow={onOpenRow}
          />
        ))}
      </ul>
      <button type="button" onClick={onElsewhere}>
        Elsewhere
      </button>
    </>
  );
}

function setup() {
  const onOpenRow = vi.fn();
  const onElsewhere = vi.fn();
  render(<List onOpenRow={onOpenRow} onElsewhere={onElsewhere} />);
  const row = (name: string) => screen.getByRole('button', { name });
  return { onOpenRow, onElsewhere, row };
}

const at = (x: number, y = 100) => ({
  pointerId: 1,
  pointerType: 'touch',
  clientX: x,
  clientY: y,
  button: 0,
});

/** A finger put down at x = 200, moved through `path` (dx, dy pairs) and lifted at the last point. */
function drag(el: Element, path: [number, number][], { lift = true } = {}) {
  fireEvent.pointerDown(el, at(200));
  for (const [dx, dy] of path) fireEvent.pointerMove(el, at(200 + dx, 100 + dy));
  const [dx, dy] = path.at(-1) ?? [0, 0];
  if (lift) fireEvent.pointerUp(el, at(200 + dx, 100 + dy));
}

function tap(el: Element) {
  fireEvent.pointerDown(el, at(200));
  fireEvent.pointerUp(el, at(200));
  fireEvent.click(el);
}

const offset = (el: HTMLElement) => el.style.transform;

beforeAll(() => {
  installPointerCapture();
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.swipeActions === undefined ? 0 : ACTIONS_WIDTH;
  });
});
beforeEach(() => document.documentElement.setAttribute('dir', 'ltr'));
afterEach(() => document.documentElement.removeAttribute('dir'));

describe('swipe rules', () => {
  it('commits to an axis only past 10 px, to the larger movement', () => {
    expect(lockAxis(6, 8)).toBeNull(); // exactly 10 px
    expect(lockAxis(-11, 0)).toBe('x');
    expect(lockAxis(-11, 10)).toBe('x');
    expect(lockAxis(5, -12)).toBe('y');
    expect(lockAxis(-10, 10)).toBe('y');
  });

  it('reveals toward the inline start, within the actions width', () => {
    expect(revealAfter(0, -50, 180, false)).toBe(50);
    expect(revealAfter(0, -400, 180, false)).toBe(180);
    expect(revealAfter(0, 50, 180, false)).toBe(0);
    expect(revealAfter(180, 30, 180, false)).toBe(150);
    // Right to left: mirrored.
    expect(revealAfter(0, 50, 180, true)).toBe(50);
    expect(revealAfter(0, -50, 180, true)).toBe(0);
    expect(revealAfter(180, -30, 180, true)).toBe(150);
  });

  it('snaps open past half of the actions width', () => {
    expect(settlesOpen(91, 180)).toBe(true);
    expect(settlesOpen(90, 180)).toBe(false);
    expect(settlesOpen(0, 0)).toBe(false);
  });
});

describe('useSwipeReveal', () => {
  it('follows the finger, then snaps open past half the width and closed short of it', () => {
    const { row } = setup();
    drag(
      row('Amy'),
      [
        [-30, 2],
        [-60, 4],
      ],
      { lift: false },
    );
    expect(offset(row('Amy'))).toBe('translateX(-60px)');
    fireEvent.pointerUp(row('Amy'), at(100, 104));
    expect(offset(row('Amy'))).toBe(`translateX(-${ACTIONS_WIDTH}px)`);

    drag(row('Ben'), [
      [-20, 0],
      [-80, 0],
    ]);
    expect(offset(row('Ben'))).toBe('');
  });

  it('keeps the browser from scrolling (or flinging) once a drag is sideways', () => {
    const { row } = setup();
    fireEvent.pointerDown(row('Amy'), at(200));
    fireEvent.pointerMove(row('Amy'), at(195));
    expect(fireEvent.touchMove(row('Amy'))).toBe(true);
    fireEvent.pointerMove(row('Amy'), at(150));
    expect(fireEvent.touchMove(row('Amy'))).toBe(false); // default prevented
    fireEvent.pointerUp(row('Amy'), at(150));

    drag(row('Ben'), [[0, 30]], { lift: false });
    expect(fireEvent.touchMove(row('Ben'))).toBe(true);
  });

  it('leaves a mostly vertical drag to the list, and never opens the row', () => {
    const { row, onOpenRow } = setup();
    drag(row('Amy'), [
      [-8, 12],
      [-150, 40],
    ]);
    expect(offset(row('Amy'))).toBe('');
    fireEvent.click(row('Amy'));
    expect(onOpenRow).not.toHaveBeenCalled();
  });

  it('swallows the click that ends a swipe', () => {
    const { row, onOpenRow } = setup();
    drag(row('Amy'), [[-150, 0]]);
    fireEvent.click(row('Amy'));
    expect(onOpenRow).not.toHaveBeenCalled();
    expect(offset(row('Amy'))).toBe(`translateX(-${ACTIONS_WIDTH}px)`);
  });

  it('mirrors the direction right to left', () => {
    document.documentElement.setAttribute('dir', 'rtl');
    const { row } = setup();
    drag(row('Amy'), [[-150, 0]]);
    expect(offset(row('Amy'))).toBe('');
    drag(row('Amy'), [[60, 0]], { lift: false });
    expect(offset(row('Amy'))).toBe('translateX(60px)');
    fireEvent.pointerUp(row('Amy'), at(300));
    expect(offset(row('Amy'))).toBe(`translateX(${ACTIONS_WIDTH}px)`);
  });

  it.each(['Amy', 'Ben'])('closes an open row on a tap on %s, which opens nothing', (tapped) => {
    const { row, onOpenRow } = setup();
    drag(row('Amy'), [[-150, 0]]);
    tap(row(tapped));
    expect(offset(row('Amy'))).toBe('');
    expect(onOpenRow).not.toHaveBeenCalled();
    tap(row(tapped));
    expect(onOpenRow).toHaveBeenCalledWith(tapped);
  });

  it('keeps one row open', () => {
    const { row } = setup();
    drag(row('Amy'), [[-150, 0]]);
    drag(row('Ben'), [[-150, 0]]);
    expect(offset(row('Amy'))).toBe('');
    expect(offset(row('Ben'))).toBe(`translateX(-${ACTIONS_WIDTH}px)`);
  });

  it('closes on a press elsewhere, which still does what it does', () => {
    const { row, onElsewhere } = setup();
    drag(row('Amy'), [[-150, 0]]);
    tap(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(offset(row('Amy'))).toBe('');
    expect(onElsewhere).toHaveBeenCalledTimes(1);
  });

  it('drags an open row back closed, and closes it when the browser takes the touch for a scroll', () => {
    const { row } = setup();
    drag(row('Amy'), [[-150, 0]]);
    drag(row('Amy'), [[120, 0]]);
    expect(offset(row('Amy'))).toBe('');

    drag(row('Amy'), [[-150, 0]]);
    fireEvent.pointerDown(row('Amy'), at(200));
    fireEvent.pointerCancel(row('Amy'), at(200));
    expect(offset(row('Amy'))).toBe('');
  });
});
