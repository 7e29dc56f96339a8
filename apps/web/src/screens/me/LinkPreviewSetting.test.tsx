import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installReact19Render } from '../../lib/ui';
import { linkPreviewsOn } from '../../store/linkPreviewSetting';
import { renderScreen } from '../../test/render';
import { LinkPreviewSetting } from './LinkPreviewSetting';

beforeAll(() => installReact19Render());
afterEach(() => localStorage.clear());

describe('the "Link previews" setting', () => {
  it('is on until turned off, and stays as left on this device', async () => {
    const first = renderScreen(<LinkPreviewSetting />);
    const toggle = screen.getByRole('switch', { name: 'Link previews' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(linkPreviewsOn()).toBe(false);

    first.unmount();
    renderScreen(<LinkPreviewSetting />);
    expect(screen.getByRole('switch', { name: 'Link previews' }).getAttribute('aria-checked')).toBe('false');
  });
});
