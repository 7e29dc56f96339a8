import { create } from 'zustand';

/** A tab badge: a count, a plain dot (muted chats), or 0 for none. */
export type BadgeValue = number | 'dot';

/** Which tab each badge belongs to (spec section 4, tab pull refresh). */
export const BadgeTab = { chats: 0, friendRequests: 1, momentsReplies: 2, me: 3 } as const;
export type BadgeTab = (typeof BadgeTab)[keyof typeof BadgeTab];

interface BadgeState {
  badges: readonly [BadgeValue, BadgeValue, BadgeValue, BadgeValue];
  setBadge: (tab: BadgeTab, value: BadgeValue) => void;
  clearAll: () => void;
}

const NONE = [0, 0, 0, 0] as const;

export const useBadges = create<BadgeState>()((set) => ({
  badges: NONE,
  setBadge: (tab, value) =>
    set((state) => {
      const next = [...state.badges] as [BadgeValue, BadgeValue, BadgeValue, BadgeValue];
      // Counts below one clear the badge.
      next[tab] = value === 'dot' ? 'dot' : Math.max(0, Math.floor(value));
      return { badges: next };
    }),
  clearAll: () => set({ badges: NONE }),
}));

/** What a badge shows: '' for none, '•' never (a dot has no text), '99+' past 99. */
export function badgeText(value: BadgeValue): string {
  if (value === 'dot' || value <= 0) return '';
  return value > 99 ? '99+' : String(value);
}
