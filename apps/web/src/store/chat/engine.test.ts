import { afterEach, describe, expect, it } from 'vitest';
import { clearChatMessages, markRead, removeChatSession, sendMsg } from '@paichat/protocol';
import { openChatStorage } from './storage';
import {
  AMY,
  BEN,
  CHEN,
  createWorld,
  deliver,
  entry,
  expectNoErrors,
  hear,
  onlineEngine,
  opened,
  sendAs,
  startEngine,
  texts,
  until,
} from './testing/harness';

afterEach(expectNoErrors);

describe('on the device', () => {
  it('writes only the entry of the chat that changed, and reads the list back after a reload', async () => {
    const world = createWorld();
    const storage = await openChatStorage(AMY, world.factory);
    const written: string[][] = [];
    const write = storage.write.bind(storage);
    storage.write = (ops) => {
      written.push(ops.flatMap((op) => (op.op === 'putChat' ? [op.chat.chatId] : [])));
      return write(ops);
    };
    const engine = await onlineEngine(world, { storage });
    written.length = 0;

    await sendAs(world, BEN, AMY, 'only ben');
    deliver(world, engine);
    await engine.idle();
    expect(written.flat()).not.toContain(world.ac);
    expect(new Set(written.flat())).toEqual(new Set([world.ab]));
    await engine.stop();

    const reloaded = await startEngine(world);
    expect(entry(reloaded, world.ab)).toMatchObject({ content: 'only ben', num: 1 });
    expect(entry(reloaded, world.ac)).toBeDefined();
  });
});

describe('start', () => {
  it('loads the chat list from the server, newest first, with previews', async () => {
    const world = createWorld();
    await sendAs(world, CHEN, AMY, 'hi amy');
    const engine = await onlineEngine(world);
    const list = engine.getSnapshot().list;
    expect(list.map((e) => e.nickName)).toEqual(['Chen', 'Ben']);
    expect(list[0]).toMatchObject({ content: 'hi amy', num: 1, windowType: 'SINGLE', top: 'N' });
    expect(list[1]).toMatchObject({ content: 'You are now friends. Start chatting!', num: 0 });
    expect(world.badge).toBe(1);
    expect(world.errors).toEqual([]);
  });

  it('shows the stored list at once on the next start, before the server answers', async () => {
    const world = createWorld();
    await (await onlineEngine(world)).stop();
    world.device.online = false;
    const engine = await startEngine(world);
    expect(engine.getSnapshot().status).toBe('ready');
    expect(engine.getSnapshot().list.map((e) => e.nickName)).toEqual(['Chen', 'Ben']);
    await engine.stop();
  });

  it('catches up every chat that moved while it was away, page by page', async () => {
    const world = createWorld();
    const first = await opened(world, world.ab);
    await first.stop();
    for (let i = 1; i <= 450; i += 1) await sendAs(world, BEN, AMY, `m${i}`);
    const engine = await onlineEngine(world);
    const got = texts(engine, world.ab);
    expect(got).toHaveLength(451);
    expect(got.at(-1)).toBe('m450');
    expect(new Set(engine.getWindow(world.ab).messages.map((m) => m.seq)).size).toBe(451);
    expect(entry(engine, world.ab)?.num).toBe(450);
    const syncs = world.device.calls.filter(([path]) => path === '/chat/syncMessages');
    expect(syncs.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps each user to their own store on the same browser', async () => {
    const world = createWorld();
    await (await onlineEngine(world)).stop();
    const { ChatEngine } = await import('./engine');
    const { openChatStorage } = await import('./storage');
    const ben = new ChatEngine({
      userId: BEN,
      transport: world.server.device(BEN).transport,
      storage: await openChatStorage(BEN, world.factory),
    });
    world.device.online = false;
    await ben.start();
    expect(ben.getSnapshot().list).toEqual([]);
    await ben.stop();
  });
});

describe('incoming', () => {
  it('de-duplicates repeated pushes and repairs a skipped one by seq', async () => {
    const world = createWorld();
    const engine = await opened(world, world.ab);
    await sendAs(world, BEN, AMY, 'one');
    await sendAs(world, BEN, AMY, 'two');
    await sendAs(world, BEN, AMY, 'three');
    const [p1, p2, p3] = world.device.pending.splice(0);
    hear(engine, p1!);
    hear(engine, p1!);
    // p2 is lost; p3 shows the gap.
    hear(engine, p3!);
    await engine.idle();
    void p2;
    expect(texts(engine, world.ab).slice(1)).toEqual(['one', 'two', 'three']);
    expect(world.device.calls.some(([path]) => path === '/chat/syncMessages')).toBe(true);
  });

  it('joins history that arrives around a live message, leaving no hole (model-test find)', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    world.device.hold(true);
    engine.enter(world.ac);
    const opening = engine.open({ chatId: world.ac }); // its first page is on its way
    await sendAs(world, CHEN, AMY, 'peer 1');
    world.device.take(); // that push is lost
    const sending = engine.send(world.ac, 'TEXT', { text: 'amy 2' });
    await until(() => world.device.pending.length > 0);
    deliver(world, engine); // the echo of amy 2, before the first page
    world.device.hold(false);
    await Promise.all([opening, sending]);
    await engine.idle();
    while (engine.getWindow(world.ac).hasOlder) await engine.loadOlder(world.ac);
    expect(texts(engine, world.ac).slice(1)).toEqual(['peer 1', 'amy 2']);
  });

  it('counts unread, shows a dot when muted, and never counts own messages', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    await sendAs(world, BEN, AMY, 'a');
    await sendAs(world, BEN, AMY, 'b');
    await sendAs(world, AMY, CHEN, 'from my phone'); // amy's other device
    deliver(world, engine);
    await engine.idle();
    expect(entry(engine, world.ab)?.num).toBe(2);
    expect(entry(engine, world.ac)).toMatchObject({ num: 0, content: 'from my phone' });
    expect(world.badge).toBe(2);
    await engine.setDisturb(world.ab, true);
    expect(entry(engine, world.ab)?.num).toBe('dot');
    expect(world.badge).toBe('dot');
    await engine.setDisturb(world.ab, false);
    expect(world.badge).toBe(2);
  });

  it('reads the open chat as messages arrive, but not while the page is hidden', async () => {
    const world = createWorld();
    const engine = await opened(world, world.ab);
    await sendAs(world, BEN, AMY, 'seen');
    deliver(world, engine);
    await engine.idle();
    expect(entry(engine, world.ab)?.num).toBe(0);
    expect(world.server.view(AMY, world.ab).state.readSeq).toBe(2);

    world.visible = false;
    engine.dispatch({ type: 'visibility' });
    await sendAs(world, BEN, AMY, 'not seen yet');
    deliver(world, engine);
    await engine.idle();
    expect(entry(engine, world.ab)?.num).toBe(1);
    world.visible = true;
    engine.dispatch({ type: 'visibility' });
    await engine.idle();
    expect(entry(engine, world.ab)?.num).toBe(0);
    expect(world.server.view(AMY, world.ab).state.unreadCount).toBe(0);
  });

  it('creates the entry of a chat new to this device', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    world.server.addUser('4', 'Dee');
    world.server.befriend(AMY, '4');
    await sendAs(world, '4', AMY, 'hello from dee');
    deliver(world, engine);
    await engine.idle();
    expect(engine.getSnapshot().list[0]).toMatchObject({
      nickName: 'Dee',
      content: 'hello from dee',
      num: 1,
    });
  });

  it('fetches a chat again from a seq it holds under another msgId, keeping no copy of the old', async () => {
    const world = createWorld();
    const engine = await opened(world, world.ab);
    for (const text of ['one', 'two', 'three']) await sendAs(world, BEN, AMY, text);
    deliver(world, engine);
    await engine.idle();
    expect(texts(engine, world.ab).slice(1)).toEqual(['one', 'two', 'three']);

    // The server went back to 'one' and gives seqs 3 and on again: only the first push arrives.
    world.server.rollBack(world.ab, 2);
    world.device.pending.splice(0);
    for (const text of ['new two', 'new three', 'new four']) await sendAs(world, BEN, AMY, text);
    const [first] = world.device.pending.splice(0);
    expect(first?.pushType).toBe('MSG');
    hear(engine, first!);
    await engine.idle();
    const expected = ['one', 'new two', 'new three', 'new four'];
    expect(texts(engine, world.ab).slice(1)).toEqual(expected);
    expect(engine.getWindow(world.ab).messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(entry(engine, world.ab)).toMatchObject({ content: 'new four', num: 0 });

    // What the device stored went too: a reload, offline, shows the same.
    await engine.stop();
    world.device.online = false;
    const reloaded = await startEngine(world);
    reloaded.enter(world.ab);
    await reloaded.open({ chatId: world.ab });
    await reloaded.idle();
    // Scrolled up: the rest of what the device holds, a page at a time.
    while (reloaded.getWindow(world.ab).hasOlder) await reloaded.loadOlder(world.ab);
    expect(texts(reloaded, world.ab).slice(1)).toEqual(expected);
  });

  it('ignores call-start records in the window', async () => {
    const world = createWorld();
    const engine = await opened(world, world.ab);
    await world.server.as(BEN).call(sendMsg, { userId: AMY, msgType: 'TRTC_VOICE_START', content: {} });
    await sendAs(world, BEN, AMY, 'after the call');
    deliver(world, engine);
    await engine.idle();
    expect(engine.getWindow(world.ab).messages.map((m) => m.msgType)).toEqual(['ALERT', 'TEXT']);
    expect(entry(engine, world.ab)?.content).toBe('after the call');
  });
});

describe("the user's other devices", () => {
  it('follows reads, removals and clears made elsewhere', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    await sendAs(world, BEN, AMY, 'x');
    deliver(world, engine);
    await engine.idle();
    expect(entry(engine, world.ab)?.num).toBe(1);

    const other = world.server.as(AMY);
    // Notices go to every device of amy's, this one included.
    await other.call(markRead, { chatId: world.ab });
    deliver(world, engine);
    await engine.idle();
    expect(entry(engine, world.ab)?.num).toBe(0);

    await other.call(removeChatSession, { chatId: world.ab });
    deliver(world, engine);
    await engine.idle();
    expect(entry(engine, world.ab)).toBeUndefined();

    await sendAs(world, BEN, AMY, 'back again');
    deliver(world, engine);
    await engine.idle();
    expect(entry(engine, world.ab)).toMatchObject({ content: 'back again', num: 1 });

    await engine.open({ chatId: world.ab });
    await other.call(clearChatMessages, { chatId: world.ab });
    deliver(world, engine);
    await engine.idle();
    expect(engine.getWindow(world.ab).messages).toEqual([]);
    expect(entry(engine, world.ab)).toMatchObject({ content: '', num: 0 });
  });
});

describe('commands', () => {
  it('loads older pages without duplicates', async () => {
    const world = createWorld();
    for (let i = 1; i <= 44; i += 1) await sendAs(world, BEN, AMY, `m${i}`);
    const engine = await onlineEngine(world);
    await engine.open({ chatId: world.ab });
    expect(engine.getWindow(world.ab)).toMatchObject({ hasOlder: true });
    expect(texts(engine, world.ab)).toHaveLength(20);
    await engine.loadOlder(world.ab);
    await engine.loadOlder(world.ab);
    await engine.loadOlder(world.ab);
    const window = engine.getWindow(world.ab);
    expect(window.hasOlder).toBe(false);
    expect(window.messages.map((m) => m.seq)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
  });

  it('opens a chat by the friend’s user id', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    expect(await engine.open({ userId: CHEN })).toBe(world.ac);
  });

  it('pins, clears and removes', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    await engine.setTop(world.ab, true);
    expect(engine.getSnapshot().list.map((e) => e.chatId)).toEqual([world.ab, world.ac]);
    expect(world.server.view(AMY, world.ab).state.isTop).toBe('Y');
    await engine.clear(world.ab);
    expect(engine.getWindow(world.ab).messages).toEqual([]);
    await engine.remove(world.ac);
    expect(engine.getSnapshot().list.map((e) => e.chatId)).toEqual([world.ab]);
    expect(world.server.view(AMY, world.ac).state.removed).toBe(true);
  });

  it('undoes a setting the server did not take, and says why', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    world.device.failNext('request');
    await engine.setTop(world.ab, true);
    expect(entry(engine, world.ab)?.top).toBe('N');
    expect(world.toasts).toEqual(['Please check your network']);
  });

  it('throttles refresh to once a second and never runs two at once', async () => {
    const world = createWorld();
    let now = 1_000_000;
    let extras = 0;
    const engine = await onlineEngine(world, {
      now: () => now,
      refreshExtras: async () => {
        extras += 1;
      },
    });
    const a = engine.refresh();
    const b = engine.refresh();
    expect(a).toBe(b);
    await a;
    await engine.refresh();
    expect(extras).toBe(1);
    now += 1000;
    await engine.refresh();
    expect(extras).toBe(2);
  });
});

describe('call end', () => {
  it('turns a finished-call record into a call-ended message and removes it', async () => {
    const world = createWorld();
    let record: string | null = JSON.stringify({
      type: 'video',
      startTime: 1_800_000_000_000 - 95_000,
      userId: BEN,
    });
    const engine = await onlineEngine(world, {
      now: () => 1_800_000_000_000,
      callRecords: {
        read: () => record,
        remove: () => {
          record = null;
        },
      },
    });
    await engine.idle();
    expect(record).toBeNull();
    const [sent] = world.server.sentBy(AMY);
    expect(sent).toMatchObject({ msgType: 'TRTC_VIDEO_END', content: { duration: 95 } });
    expect(entry(engine, world.ab)?.content).toBe('[Video Call]');
  });
});
