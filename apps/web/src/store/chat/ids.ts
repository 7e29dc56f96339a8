/** Temporary ids: `local_<random>` is also the clientMsgId the server de-duplicates by. */
const random = (): string => {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

export const newClientMsgId = (): string => `local_${random()}`;

/** A local notice about a message has a fixed id, so it is never shown twice. */
export const noticeIdFor = (clientMsgId: string): string => `notice_${clientMsgId}`;
