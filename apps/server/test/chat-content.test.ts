import type { Favorite, SendMsgResult, ServerMessage, UploadedFile } from '@paichat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from './support/api';
import { befriend, sessionWith, upload } from './support/chats';
import { mp4, pdf, png, wav } from './support/media';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';

const dialects = await availableDialects();

describe.each(dialects)('message content on %s', (dialect) => {
  let server: TestServer;
  let amy: SeededUser;
  let ben: SeededUser;
  let cy: SeededUser;
  let dee: SeededUser;
  let image: UploadedFile;
  let voice: UploadedFile;
  let video: UploadedFile;
  let doc: UploadedFile;
  let n = 0;

  const send = (content: unknown, msgType: string) =>
    as(server.url, amy).post<SendMsgResult>('/chat/sendMsg', {
      userId: ben.userId,
      msgType,
      content,
      clientMsgId: `local_${(n += 1)}`,
    });
  /** Sends, expects it stored, and answers the stored message as Ben reads it. */
  const stored = async (msgType: string, content: unknown): Promise<ServerMessage> => {
    const { body } = await send(content, msgType);
    expect(body.code, body.msg).toBe(200);
    expect(body.data.status).toBe('0');
    const { chatId } = body.data;
    const page = await as(server.url, ben).post<{ list: ServerMessage[] }>('/chat/syncMessages', {
      chatId,
      afterSeq: body.data.seq - 1,
    });
    const message = page.body.data.list[0];
    expect(message?.msgId).toBe(body.data.msgId);
    expect(message?.msgType).toBe(msgType);
    return message as ServerMessage;
  };
  /** Sends, expects a 400 naming the field. */
  const refused = async (msgType: string, content: unknown, message: string | RegExp) => {
    const { status, body } = await send(content, msgType);
    expect(status, `${msgType} ${JSON.stringify(content)}: ${body.msg}`).toBe(400);
    expect(body.err).toBe('validation');
    expect(body.msg).toMatch(message);
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    [amy, ben, cy] = [
      await seed(server.url).user('amy'),
      await seed(server.url).user('ben'),
      await seed(server.url).user('cy', { nickName: 'Cy' }),
    ];
    dee = await seed(server.url).user('dee');
    await befriend(server.url, amy, ben);
    await befriend(server.url, amy, cy);
    image = await upload(server.url, amy, await png(40, 30), 'photo.png');
    voice = await upload(server.url, amy, wav(), 'voice.wav');
    video = await upload(server.url, amy, mp4(), 'clip.mp4', '/file/uploadVideo');
    doc = await upload(server.url, amy, pdf(), 'report.pdf');
  });
  afterAll(() => server.close());

  it('TEXT: trimmed, at most 2000 characters, stored verbatim', async () => {
    expect((await stored('TEXT', { text: ' <script>alert(1)</script> ' })).content).toEqual({
      text: '<script>alert(1)</script>',
    });
    expect((await stored('TEXT', { text: 'x'.repeat(2000) })).content).toEqual({ text: 'x'.repeat(2000) });
    await refused('TEXT', { text: '   ' }, 'content.text: text is required');
    await refused('TEXT', { text: 'x'.repeat(2001) }, 'content.text: text must be at most 2000 characters');
    await refused('TEXT', {}, /^content\.text: /);
    await refused('TEXT', 'hello', /^content: /);
  });

  it('IMAGE: one of the sender\u2019s uploads, its size and thumbnail filled from it', async () => {
    const message = await stored('IMAGE', { url: image.url, width: 1, height: 1, thumbUrl: '' });
    expect(message.content).toEqual({ url: image.url, thumbUrl: image.thumbUrl, width: 40, height: 30 });
    expect(image.thumbUrl).toMatch(/^\/file\/.+\.thumb\./);
    await refused(
      'IMAGE',
      { url: 'https://evil.example/x.png' },
      'content.url: must be a file URL answered by /file/upload',
    );
    await refused('IMAGE', { url: `${image.url}?x=1` }, /^content\.url: /);
    await refused(
      'IMAGE',
      { url: '/file/0123456789abcdef0123456789abcdef.png' },
      'content.url: no such file; upload it first',
    );
    await refused('IMAGE', { url: voice.url }, 'content.url: must be an image');
    // Someone else's upload travels only by forwarding a message that holds it (forward.test.ts).
    const bens = await upload(server.url, ben, await png(), 'bens.png');
    await refused('IMAGE', { url: bens.url }, 'content.url: no such file; upload it first');
    await refused('IMAGE', {}, /^content\.url: /);
  });

  it('VOICE: a stored recording of 1 to 60 whole seconds', async () => {
    expect((await stored('VOICE', { url: voice.url, duration: 12 })).content).toEqual({
      url: voice.url,
      duration: 12,
    });
    await refused('VOICE', { url: voice.url, duration: 0 }, 'content.duration: recording time too short');
    await refused('VOICE', { url: voice.url, duration: 61 }, /^content\.duration: /);
    await refused('VOICE', { url: voice.url, duration: 2.5 }, /^content\.duration: /);
    await refused('VOICE', { url: image.url, duration: 3 }, 'content.url: must be a voice recording');
  });

  it('VIDEO: a stored video, optional duration and poster image', async () => {
    expect((await stored('VIDEO', { url: video.url })).content).toEqual({ url: video.url });
    expect((await stored('VIDEO', { url: video.url, duration: 9.5, thumbUrl: image.url })).content).toEqual({
      url: video.url,
      duration: 9.5,
      thumbUrl: image.url,
    });
    await refused('VIDEO', { url: doc.url }, 'content.url: must be a video');
    await refused('VIDEO', { url: image.url, thumbUrl: image.url }, 'content.url: must be a video');
    await refused('VIDEO', { url: video.url, thumbUrl: video.url }, 'content.thumbUrl: must be an image');
    await refused('VIDEO', { url: video.url, thumbUrl: voice.url }, 'content.thumbUrl: must be an image');
    await refused('VIDEO', { url: video.url, thumbUrl: doc.url }, 'content.thumbUrl: must be an image');
    await refused('VIDEO', { url: video.url, duration: -1 }, /^content\.duration: /);
  });

  it('LOCATION: a name and coordinates in range', async () => {
    const place = { name: ' Eiffel Tower ', address: 'Paris', latitude: 48.8584, longitude: 2.2945 };
    expect((await stored('LOCATION', place)).content).toEqual({ ...place, name: 'Eiffel Tower' });
    expect((await stored('LOCATION', { name: 'Null Island', latitude: 0, longitude: 0 })).content).toEqual({
      name: 'Null Island',
      address: '',
      latitude: 0,
      longitude: 0,
    });
    await refused('LOCATION', { ...place, name: ' ' }, 'content.name: please select a location');
    await refused('LOCATION', { ...place, latitude: 91 }, /^content\.latitude: /);
    await refused('LOCATION', { ...place, longitude: -181 }, /^content\.longitude: /);
    await refused('LOCATION', { name: 'x' }, /^content\.latitude: /);
  });

  it('CARD: the carded user as the server knows them, not as the client says', async () => {
    const message = await stored('CARD', {
      userId: cy.userId,
      nickName: 'Not Cy',
      portrait: 'https://x/y.png',
      chatNo: 'fake',
      ref: 'cFake',
    });
    // A friend's card: no chat ID (Cy's login name is hers to give), a reference to open her page.
    expect(message.content).toEqual({
      userId: cy.userId,
      nickName: 'Cy',
      portrait: '',
      chatNo: '',
      ref: expect.stringMatching(/^c[A-Za-z0-9_-]{22}$/),
    });
    expect((await sessionWith(server.url, ben, amy)).lastContent).toBe('[Contact Card] Cy');
    // One's own card carries one's chat ID.
    expect((await stored('CARD', { userId: amy.userId })).content).toMatchObject({ chatNo: amy.chatNo });
    await refused('CARD', { userId: '999999' }, 'content.userId: no such user');
    await refused('CARD', { userId: 'cy' }, /^content\.userId: /);
    // A stranger's card is refused exactly like an unknown id: ids cannot be walked through cards.
    await refused('CARD', { userId: dee.userId }, 'content.userId: no such user');
  });

  it("COLLECTION: a copy of the sender's own favorite, named by its id", async () => {
    const note = await as(server.url, amy).post<Favorite>('/favorites/addNote', { text: 'Pack the tent' });
    expect((await stored('COLLECTION', { favoriteId: note.body.data.favoriteId })).content).toEqual({
      kind: 'NOTE',
      content: { text: 'Pack the tent' },
      sourceName: '',
      sourceTime: note.body.data.sourceTime,
    });
    expect((await sessionWith(server.url, ben, amy)).lastContent).toBe('[Favorite] Pack the tent');
    // Someone else's favorite answers as one that does not exist; made-up content is not taken.
    const bens = await as(server.url, ben).post<Favorite>('/favorites/addNote', { text: 'Mine' });
    const { body } = await send({ favoriteId: bens.body.data.favoriteId }, 'COLLECTION');
    expect([body.code, body.err]).toEqual([404, 'favoriteNotFound']);
    await refused('COLLECTION', { kind: 'NOTE', content: { text: 'forged' } }, /^content\.favoriteId: /);
  });

  it('FILE: a stored file, its name and size from the upload unless named', async () => {
    expect((await stored('FILE', { url: doc.url })).content).toEqual({
      url: doc.url,
      name: 'report.pdf',
      size: doc.size,
    });
    expect((await stored('FILE', { url: doc.url, name: 'Q3.pdf', size: 1 })).content).toEqual({
      url: doc.url,
      name: 'Q3.pdf',
      size: doc.size,
    });
    await refused('FILE', { url: '/etc/passwd' }, /^content\.url: /);
  });

  it('FILE: a name the sender chose cannot hide its type behind bidi controls or an executable extension', async () => {
    const named = async (name: string) =>
      ((await stored('FILE', { url: doc.url, name })).content as { name: string }).name;
    // Shown as "invoiceexe.pdf" before: the override reversed the end of the name.
    expect(await named('invoice\u202Efdp.exe')).toBe('invoicefdp.pdf');
    expect(await named('invoice.pdf.exe')).toBe('invoice.pdf');
    expect(await named('salary\u2067.pdf\u2069.scr')).toBe('salary.pdf');
  });

  it('call records: START empty, END with a duration', async () => {
    for (const type of ['TRTC_VOICE_START', 'TRTC_VIDEO_START'])
      expect((await stored(type, { x: 1 })).content).toEqual({});
    for (const type of ['TRTC_VOICE_END', 'TRTC_VIDEO_END'])
      expect((await stored(type, { duration: 75 })).content).toEqual({ duration: 75 });
    await refused('TRTC_VOICE_END', {}, /^content\.duration: /);
    await refused('TRTC_VIDEO_END', { duration: -3 }, /^content\.duration: /);
  });

  it('refuses ALERT (server only) and unknown types, naming msgType', async () => {
    await refused('ALERT', { code: 'nowFriends', text: 'You are now friends' }, /^msgType: /);
    await refused('SHOUT', { text: 'hi' }, /^msgType: /);
    const { status, body } = await as(server.url, amy).post('/chat/sendMsg', {
      userId: ben.userId,
      content: { text: 'x' },
    });
    expect(status).toBe(400);
    expect(body.msg).toMatch(/^msgType: /);
    const bad = await as(server.url, amy).post('/chat/sendMsg', {
      userId: ben.userId,
      msgType: 'TEXT',
      content: { text: 'x' },
      clientMsgId: 'has spaces',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^clientMsgId: /);
  });
});
