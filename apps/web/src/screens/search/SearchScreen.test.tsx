import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { MessageHit } from '@paichat/protocol';
import { configureRequest, resetRequest } from '../../api/request';
import { fakeServer, refusal } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { friend, groupOf } from '../groups/testGroup';
import { SearchScreen } from './SearchScreen';

const hit = (msgId: string, text: string, highlights: [number, number][]): MessageHit => ({
  chatId: '5',
  chatType: 'SINGLE',
  peerId: '11',
  chatName: 'Ben',
  chatPortrait: '',
  msgId,
  seq: Number(msgId),
  msgType: 'TEXT',
  isSelf: 'N',
  fromNickName: 'Ben',
  text,
  highlights,
  createTime: Date.now() - 60_000,
});

function open() {
  const api = fakeServer({
    listFriends: () => ({ list: [friend('11', 'Ben'), friend('12', '张三'), friend('13', 'Cleo', 'Boss')] }),
    listSavedGroups: () => ({ list: [groupOf('MEMBER').group] }),
    searchMessages: ({ keyword }) => ({
      list: keyword === 'dinner' ? [hit('9', 'Dinner at seven?', [[0, 6]])] : [],
      next: null,
    }),
    searchFriend: () => refusal('userNotFound', 404),
  });
  configureRequest({ fetch: api.fetch, toast: () => {} });
  const view = renderScreen(
    <VirtuosoMockContext value={{ viewportHeight: 2000, itemHeight: 60 }}>
      <SearchScreen chatWindowUrl="/chat" contactInfoUrl="/info" addFriendDetailUrl="/add" />
    </VirtuosoMockContext>,
  );
  return { api, ...view };
}

const typeKeyword = async (text: string) => {
  const box = screen.getByRole('searchbox', { name: 'Search' });
  await userEvent.clear(box);
  await userEvent.type(box, text);
};

beforeEach(() => resetRequest());
afterEach(() => resetRequest());

describe('SearchScreen', () => {
  it('finds contacts by pinyin initials, remark or nickname, and groups by name', async () => {
    open();
    await typeKeyword('zs');
    const contacts = await screen.findByRole('region', { name: 'Contacts' });
    expect(within(contacts).getAllByRole('link')).toHaveLength(1);
    expect(within(contacts).getByRole('link', { name: /张三/ }).getAttribute('href')).toBe(
      '#/info?userId=12',
    );

    // A remark is the name shown, the nickname under it; either finds the contact.
    await typeKeyword('cleo');
    const cleo = within(await screen.findByRole('region', { name: 'Contacts' })).getByRole('link');
    expect(within(cleo).getByText('Boss')).toBeTruthy();
    expect(within(cleo).getByText('Cleo')).toBeTruthy();

    await typeKeyword('tri');
    const groups = await screen.findByRole('region', { name: 'Group Chats' });
    expect(within(groups).getByRole('link', { name: /Trip/ }).getAttribute('href')).toBe('#/chat?chatId=70');
    // Its picture is drawn from its members: Ada, Ben and Chen's initials.
    const trip = within(groups).getByRole('link', { name: /Trip/ });
    expect(['A', 'B', 'C'].map((initial) => within(trip).getAllByText(initial).length)).toEqual([1, 1, 1]);
    expect(screen.queryByRole('region', { name: 'Contacts' })).toBeNull();
  });

  it('lists the messages the server finds with the words marked, each opening its chat at the message', async () => {
    const { api } = open();
    await typeKeyword('dinner');
    const messages = await screen.findByRole('region', { name: 'Chat History' });
    const link = await within(messages).findByRole('link', { name: /Dinner at seven\?/ });
    expect(within(link).getByText('Dinner').tagName).toBe('MARK');
    expect(link.getAttribute('href')).toBe('#/chat?chatId=5&userId=11&msgId=9&seq=9');
    // Typed, then asked once the typing stopped.
    expect(api.called('searchMessages').map((c) => c.request)).toEqual([{ keyword: 'dinner', pageSize: 20 }]);
  });

  it('looks the keyword up as a PipID from its row, and says when nobody has it', async () => {
    const { api } = open();
    await typeKeyword('nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Look up PipID: nobody' }));
    expect(await screen.findByText('User not found')).toBeTruthy();
    expect(api.called('searchFriend').map((c) => c.query)).toEqual([{ chatNo: 'nobody' }]);
  });

  it('offers the PipID lookup only for a keyword that could be a PipID', async () => {
    open();
    // Words no chat ID can be: a space, other letters, too short, too long.
    for (const keyword of ['dinner at 7', '张三', 'zs', 'a'.repeat(21)]) {
      await typeKeyword(keyword);
      expect(await screen.findByRole('region', { name: 'Chat History' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Look up PipID/ })).toBeNull();
    }
    for (const keyword of ['ben_2024', 'a-b', 'a'.repeat(20)]) {
      await typeKeyword(keyword);
      expect(screen.getByRole('button', { name: `Look up PipID: ${keyword}` })).toBeTruthy();
    }
  });
});
