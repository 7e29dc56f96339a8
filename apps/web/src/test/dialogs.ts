/**
 * For screen tests: the UI kit's dialogs (confirmDialog) render outside the screen, into the
 * document body, and animate out after a choice.
 */
import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';

/** The dialog showing `text` (its title), once it is open. */
export async function dialogShowing(text: string): Promise<HTMLElement> {
  const shown = await screen.findByText(text);
  const dialog = shown.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog around "${text}"`);
  return dialog;
}

/**
 * Resolves once the dialog showing `text` has finished closing and left the page. Its closing
 * animation runs on animation frames, which a machine busy with the rest of the suite hands
 * out late: one CI run saw a dialog still there after 3 s.
 */
export const dialogClosed = (text: string) =>
  waitFor(() => expect(screen.queryByText(text)).toBeNull(), { timeout: 10_000 });
