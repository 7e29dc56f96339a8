import { z } from 'zod';
import { MsgType } from './messages';

/**
 * Recall rules shared by the server (which enforces them) and clients (which offer "Recall"
 * only where the server would accept it). See docs/architecture.md, "Message actions".
 */

/** How long after sending its sender may recall a message, in seconds (server settings). */
export const RecallWindows = z.object({
  /** Texts and everything else not below (WeChat: 2 minutes). */
  seconds: z.number().int(),
  /** Pictures, videos, voice and files (WeChat: 3 hours). */
  fileSeconds: z.number().int(),
});
export type RecallWindows = z.infer<typeof RecallWindows>;

export const DEFAULT_RECALL_WINDOWS: RecallWindows = { seconds: 120, fileSeconds: 10_800 };

/** Notices, call records and the action rows themselves are never recalled. */
const NOT_RECALLABLE: ReadonlySet<string> = new Set([
  MsgType.ALERT,
  MsgType.RECALL,
  MsgType.RECALLED,
  MsgType.DELETED,
  MsgType.TRTC_VOICE_START,
  MsgType.TRTC_VOICE_END,
  MsgType.TRTC_VIDEO_START,
  MsgType.TRTC_VIDEO_END,
]);

const FILE_TYPES: ReadonlySet<string> = new Set([MsgType.IMAGE, MsgType.VIDEO, MsgType.VOICE, MsgType.FILE]);

export const isRecallable = (msgType: string): boolean => !NOT_RECALLABLE.has(msgType);

/** Whether a message's sender may still recall it at `now` (ms). */
export function withinRecallWindow(
  message: { msgType: string; createTime: number },
  now: number,
  windows: RecallWindows,
): boolean {
  const seconds = FILE_TYPES.has(message.msgType) ? windows.fileSeconds : windows.seconds;
  return now - message.createTime <= seconds * 1000;
}
