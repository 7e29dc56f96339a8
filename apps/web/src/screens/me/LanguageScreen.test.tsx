import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALES, LOCALE_STORAGE_KEY, NATIVE_NAMES, setLocale } from '../../i18n';
import { renderScreen } from '../../test/render';
import { LanguageScreen } from './LanguageScreen';

afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

describe('LanguageScreen', () => {
  it('lists the fifteen languages by their own names, the current one checked', () => {
    renderScreen(<LanguageScreen />);
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(15);
    for (const code of LOCALES) expect(screen.getByRole('radio', { name: NATIVE_NAMES[code] })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'English' }).checked).toBe(true);
  });

  it('applies a choice at once, saves it, and lays Arabic out right to left', async () => {
    const user = userEvent.setup();
    renderScreen(<LanguageScreen />);
    await user.click(screen.getByRole('radio', { name: 'العربية' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ar');
    expect(screen.getByRole('heading', { name: 'اللغة' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'العربية' }).checked).toBe(true);

    await user.click(screen.getByRole('radio', { name: '日本語' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: '言語' })).toBeTruthy());
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ja');
  });
});
