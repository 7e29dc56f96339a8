import { beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { installReact19Render, showToast } from './ui';

beforeAll(() => installReact19Render());

/** The toast on screen showing `text`: its mask, which antd-mobile positions. */
const maskOf = (text: string) =>
  waitFor(() => {
    const mask = [...document.querySelectorAll<HTMLElement>('.adm-toast-mask')].find((m) =>
      m.textContent?.includes(text),
    );
    expect(mask).toBeTruthy();
    return mask as HTMLElement;
  });

describe('showToast', () => {
  it("centres a toast, and puts a server message just below the page's header, never over its title", async () => {
    showToast('Content copied', { role: 'status' });
    expect((await maskOf('Content copied')).classList.contains('app-toast-top')).toBe(false);

    const header = document.body.appendChild(document.createElement('header'));
    vi.spyOn(header, 'getBoundingClientRect').mockReturnValue({ bottom: 183 } as DOMRect);
    showToast('Login failed, please check your credentials', { position: 'top' });
    const mask = await maskOf('Login failed');
    expect(mask.classList.contains('app-toast-top')).toBe(true);
    expect(mask.style.getPropertyValue('--app-toast-top')).toBe('183px');
    header.remove();
  });
});
