import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useImperativeHandle, type ComponentProps, type Ref } from 'react';
import type { Friend } from '@paichat/protocol';
import { groupContacts, displayNameOf } from '../../lib/contactGroups';
import { renderScreen } from '../../test/render';
import { ContactList } from './ContactList';

// jsdom has no layout, so the list cannot really scroll here (Chromium runs check that);
// what is checked is which group each letter asks the real list to scroll to.
const { scrollToIndex } = vi.hoisted(() => ({ scrollToIndex: vi.fn() }));
vi.mock('react-virtuoso', async (importOriginal) => {
  const real = await importOriginal<typeof import('react-virtuoso')>();
  function GroupedVirtuoso({
    ref,
    ...props
  }: ComponentProps<typeof real.GroupedVirtuoso> & { ref?: Ref<{ scrollToIndex: typeof scrollToIndex }> }) {
    useImperativeHandle(ref, () => ({ scrollToIndex }));
    return <real.GroupedVirtuoso {...props} />;
  }
  return { ...real, GroupedVirtuoso };
});

const friend = (userId: string, nickName: string): Friend => ({
  userId,
  nickName,
  remark: '',
  portrait: '',
  userType: 'user',
  chatNo: '',
  tags: [],
  isBlocked: false,
});

function renderList() {
  const groups = groupContacts(
    [friend('1', 'amy'), friend('2', 'Max'), friend('3', 'Zoe'), friend('4', '42')],
    displayNameOf,
    (f) => f.userId,
  );
  renderScreen(
    <ContactList
      groups={groups}
      contactUrl={(f) => `/info?userId=${f.userId}`}
      header={null}
      footer={null}
      indexLabel="Index"
    />,
  );
  return within(screen.getByRole('navigation', { name: 'Index' }));
}

describe('ContactList side index', () => {
  it('jumps to the tapped letter’s group, or to the next group when it has none', async () => {
    const index = renderList();
    await userEvent.click(index.getByRole('button', { name: 'M' }));
    expect(scrollToIndex).toHaveBeenLastCalledWith({ groupIndex: 1, align: 'start', offset: 1 });
    await userEvent.click(index.getByRole('button', { name: 'B' }));
    expect(scrollToIndex).toHaveBeenLastCalledWith({ groupIndex: 1, align: 'start', offset: 1 });
    await userEvent.click(index.getByRole('button', { name: '#' }));
    expect(scrollToIndex).toHaveBeenLastCalledWith({ groupIndex: 3, align: 'start', offset: 1 });
  });

  it('works from the keyboard', async () => {
    const index = renderList();
    scrollToIndex.mockClear();
    index.getByRole('button', { name: 'Z' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(scrollToIndex).toHaveBeenCalledExactlyOnceWith({ groupIndex: 2, align: 'start', offset: 1 });
  });

  it('follows a finger dragged along the bar, once per letter', () => {
    const index = renderList();
    scrollToIndex.mockClear();
    const at = { A: index.getByRole('button', { name: 'A' }), Z: index.getByRole('button', { name: 'Z' }) };
    // The element under the finger, as the browser would report it.
    let under: Element = at.A;
    document.elementFromPoint = () => under;
    fireEvent.pointerDown(at.A, { pointerId: 1 });
    fireEvent.pointerMove(at.A, { pointerId: 1 });
    under = at.Z;
    fireEvent.pointerMove(at.A, { pointerId: 1 });
    expect(at.Z.dataset.active).toBe('true');
    fireEvent.pointerUp(at.A, { pointerId: 1 });
    expect(scrollToIndex.mock.calls).toEqual([
      [{ groupIndex: 0, align: 'start', offset: 1 }],
      [{ groupIndex: 2, align: 'start', offset: 1 }],
    ]);
    expect(at.Z.dataset.active).toBeUndefined();
    Reflect.deleteProperty(document, 'elementFromPoint');
  });
});
