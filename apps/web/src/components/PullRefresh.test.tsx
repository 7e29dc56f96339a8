import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { PAGE_PULL_CONFIG, PullRefresh, pullStateOf, pullToRefreshKit } from './PullRefresh';

// antd-mobile looks for a scrolled parent until it reaches `window instanceof Window`, which this
// test environment's window is not: it would look forever.
beforeAll(() => vi.stubGlobal('Window', window.constructor));
afterAll(() => vi.unstubAllGlobals());

/** A touch event as a phone sends it (jsdom's TouchEvent takes no touch lists). */
function touch(target: Element, type: 'touchstart' | 'touchmove' | 'touchend', y = 100) {
  const point = { identifier: 1, target, clientX: 20, clientY: y, pageX: 20, pageY: y };
  const down = type === 'touchend' ? [] : [point];
  const event = new Event(type, { bubbles: true, cancelable: true });
  for (const [key, value] of Object.entries({ touches: down, targetTouches: down, changedTouches: [point] }))
    Object.defineProperty(event, key, { value });
  fireEvent(target, event);
}

const state = () => document.querySelector('[data-pull-state]')?.getAttribute('data-pull-state');

describe('PullRefresh', () => {
  it("names antd-mobile's states as the spec does", () => {
    expect(pullStateOf('pulling', false)).toBe('pulling');
    expect(pullStateOf('canRelease', false)).toBe('reached');
    expect(pullStateOf('refreshing', true)).toBe('refreshing');
    expect(pullStateOf('pulling', true)).toBe('aborting');
    expect(pullStateOf('complete', true)).toBe('restoring');
  });

  it('shows "Pull down to refresh" with the page config\'s range and head height', () => {
    render(
      <PullRefresh onRefresh={() => Promise.resolve()}>
        <p>the list</p>
      </PullRefresh>,
    );
    expect(state()).toBe('pulling');
    expect(screen.getByText('Pull down to refresh')).toBeTruthy();
    const head = document.querySelector('.adm-pull-to-refresh-head-content') as HTMLElement;
    expect(head.style.height).toBe(`${PAGE_PULL_CONFIG.height}px`);
    const frame = head.closest('[style*="--pull-range"]') as HTMLElement;
    expect(frame.style.getPropertyValue('--pull-range')).toBe(`${PAGE_PULL_CONFIG.range}px`);
  });

  it('aborts a pull let go before it reached its range, until the next touch', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    render(
      <PullRefresh onRefresh={onRefresh} config={{ range: 60, height: 40 }}>
        <p>the list</p>
      </PullRefresh>,
    );
    const list = screen.getByText('the list');
    // A tap is no pull.
    touch(list, 'touchstart');
    touch(list, 'touchend');
    expect(state()).toBe('pulling');
    touch(list, 'touchstart');
    touch(list, 'touchmove', 120);
    touch(list, 'touchend', 120);
    expect(state()).toBe('aborting');
    expect(screen.getByText('Pull further to refresh')).toBeTruthy();
    expect(onRefresh).not.toHaveBeenCalled();
    touch(list, 'touchstart');
    expect(state()).toBe('pulling');
    const head = document.querySelector('.adm-pull-to-refresh-head-content') as HTMLElement;
    expect(head.style.height).toBe('40px');
  });

  it('keeps the list it drew when the gesture code arrives: same elements, not mounted again', async () => {
    const kit = await pullToRefreshKit.load();
    let arrive = (_: typeof kit) => {};
    vi.spyOn(pullToRefreshKit, 'current').mockReturnValueOnce(null);
    vi.spyOn(pullToRefreshKit, 'load').mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    let mounts = 0;
    function List() {
      useEffect(() => void (mounts += 1), []);
      return <ul aria-label="chats" />;
    }
    render(
      <PullRefresh onRefresh={() => Promise.resolve()}>
        <List />
      </PullRefresh>,
    );
    const drawn = screen.getByRole('list', { name: 'chats' });
    expect(state()).toBeUndefined();

    await act(async () => arrive(kit));
    expect(state()).toBe('pulling');
    expect(screen.getByRole('list', { name: 'chats' })).toBe(drawn);
    expect(mounts).toBe(1);
  });
});
