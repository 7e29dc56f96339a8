import type { MomentVisibility } from '@paichat/protocol';

/** A picture or video already uploaded for the post being written. */
export interface DraftMedia {
  kind: 'image' | 'video';
  url: string;
  /** What the tile shows: the server's preview, or the file itself for a video. */
  previewUrl: string;
}

export interface MomentDraft {
  text: string;
  media: DraftMedia[];
  location: string;
  visibility: MomentVisibility;
  /** The friends chosen for INCLUDE / EXCLUDE. */
  userIds: string[];
}

export const emptyDraft: MomentDraft = {
  text: '',
  media: [],
  location: '',
  visibility: 'PUBLIC',
  userIds: [],
};

/**
 * The post being written, kept in sessionStorage as it changes: leaving the page, a reload or a
 * failed post loses nothing; a post that went out clears it. Only finished uploads are kept.
 */
const KEY = 'momentDraft';

export function loadMomentDraft(): MomentDraft {
  try {
    const saved = globalThis.sessionStorage?.getItem(KEY);
    return saved ? { ...emptyDraft, ...(JSON.parse(saved) as Partial<MomentDraft>) } : emptyDraft;
  } catch {
    return emptyDraft;
  }
}

export function saveMomentDraft(draft: MomentDraft): void {
  try {
    const empty = !draft.text && draft.media.length === 0 && !draft.location;
    if (empty) globalThis.sessionStorage?.removeItem(KEY);
    else globalThis.sessionStorage?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // A full or blocked storage: the draft lives on while the page is open.
  }
}
