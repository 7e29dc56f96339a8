import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useLongPress } from './useLongPress';

function Target({ onLongPress, onClick }: { onLongPress: () => void; onClick: () => void }) {
  const handlers = useLongPress(onLongPress);
  return (
    <button type="button" onClick={onClick} {...handlers}>
      Hold me
    </button>
  );
}

function setup() {
  const onLongPress = vi.fn();
  const onClick = vi.fn();
  render(<Target onLongPress={onLongPress} onClick={onClick} />);
  return { onLongPress, onClick, button: screen.getByRole('button', { name: 'Hold me' }) };
}

const down = (el: Element, x = 100, y = 100) =>
  fireEvent.pointerDown(el, { pointerType: 'touch', clientX: x, clientY: y, button: 0 });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useLongPress', () => {
  it('fires after 350 ms of holding, not before', () => {
    const { onLongPress, button } = setup();
    down(button);
    vi.advanceTimersByTime(349);
    expect(onLongPress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it('does not fire when released early', () => {
    const { onLongPress, button } = setup();
    down(button);
    vi.advanceTimersByTime(200);
    fireEvent.pointerUp(button);
    vi.advanceTimersByTime(500);
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it('tolerates movement up to 10 px and cancels beyond it', () => {
    const first = setup();
    down(first.button);
    fireEvent.pointerMove(first.button, { clientX: 106, clientY: 108 }); // exactly 10 px
    vi.advanceTimersByTime(350);
    expect(first.onLongPress).toHaveBeenCalledTimes(1);

    first.onLongPress.mockClear();
    down(first.button);
    fireEvent.pointerMove(first.button, { clientX: 111, clientY: 100 });
    vi.advanceTimersByTime(350);
    expect(first.onLongPress).not.toHaveBeenCalled();
  });

  it('swallows the click that ends a long press, but not an ordinary tap', () => {
    const { onClick, button } = setup();
    down(button);
    vi.advanceTimersByTime(400);
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();

    down(button);
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('opens once on a context-menu request, also when it follows the timer', () => {
    const { onLongPress, button } = setup();
    fireEvent.contextMenu(button);
    expect(onLongPress).toHaveBeenCalledTimes(1);
    down(button);
    vi.advanceTimersByTime(350);
    fireEvent.contextMenu(button);
    expect(onLongPress).toHaveBeenCalledTimes(2);
    fireEvent.pointerUp(button);
    vi.advanceTimersByTime(2000);
    fireEvent.contextMenu(button);
    expect(onLongPress).toHaveBeenCalledTimes(3);
  });
});
