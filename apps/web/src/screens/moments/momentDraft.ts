import type { MomentVisibility } from '@paichat/protocol';
import type { PickedMedia } from '../../components/media/useMediaPicks';
import { loadSessionDraft, saveSessionDraft } from '../../lib/sessionDraft';

export interface MomentDraft {
  text: string;
  media: PickedMedia[];
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

/** The post being written, until it goes out (only finished uploads are kept). */
const KEY = 'momentDraft';

export const loadMomentDraft = (): MomentDraft => loadSessionDraft(KEY, emptyDraft);

export const saveMomentDraft = (draft: MomentDraft): void =>
  saveSessionDraft(KEY, draft, !draft.text && draft.media.length === 0 && !draft.location);
