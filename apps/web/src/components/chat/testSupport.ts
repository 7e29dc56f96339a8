import { createElement, type ComponentProps } from 'react';
import { vi } from 'vitest';
import type { LocalMessage } from '../../store/chat/types';

/** jsdom lacks pointer capture, which antd-mobile's gestures (pull, swipe, image zoom) ask for. */
export function installPointerCapture(): void {
  Element.prototype.setPointerCapture ??= () => undefined;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.hasPointerCapture ??= () => false;
  // Nor does it scroll; the virtual list asks to when rows above it change size.
  Element.prototype.scrollBy ??= () => undefined;
  Element.prototype.scrollTo ??= () => undefined;
}

/** A text message from Amy (11) to 22 in chat c1; `over` changes what a test is about. */
export const chatMessage = (over: Partial<LocalMessage>): LocalMessage => ({
  id: 'm1',
  chatId: 'c1',
  fromId: '11',
  toId: '22',
  msgType: 'TEXT',
  content: { text: 'hi' },
  createTime: Date.now(),
  type: 1,
  nickName: 'Amy',
  portrait: '',
  ...over,
});

/**
 * react-virtuoso with its list drawn from the top, for `vi.mock('react-virtuoso', …)`: jsdom
 * cannot scroll, and Virtuoso keeps its rows hidden until the initial scroll to the newest
 * message lands (Chromium runs check that).
 */
export async function virtuosoFromTop() {
  const real = await vi.importActual<typeof import('react-virtuoso')>('react-virtuoso');
  function Virtuoso(props: ComponentProps<typeof real.Virtuoso>) {
    const rest = { ...props };
    delete rest.initialTopMostItemIndex;
    return createElement(real.Virtuoso, rest);
  }
  return { ...real, Virtuoso };
}
