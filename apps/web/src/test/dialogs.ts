/**
 * For screen tests: the UI kit's dialogs (confirmDialog) render outside the screen, into the
 * document body, and close a moment after a choice.
 */
import { expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';

/** The dialog showing `text` (its title), once it is open. */
export async function dialogShowing(text: string): Promise<HTMLElement> {
  const shown = await screen.findByText(text);
  const dialog = shown.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog around "${text}"`);
  return dialog;
}

/**
 * Resolves once the dialog showing `text` has closed and left the page (the UI kit unmounts it
 * a moment after its closing animation, which tests skip: src/test/setup.ts).
 */
export const dialogClosed = (text: string) => waitFor(() => expect(screen.queryByText(text)).toBeNull());

/** Whether the dialog's button `name` is drawn red, as a destructive choice is (the kit's danger colour). */
export const isRedButton = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('button', { name }).classList.contains('adm-button-danger');
