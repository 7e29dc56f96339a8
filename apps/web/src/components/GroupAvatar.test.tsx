import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { GroupAvatar } from './GroupAvatar';

const PHOTO = '/file/0123456789abcdef0123456789abcdef.png';
const PORTRAIT = '/file/0123456789abcdef0123456789abcdef.webp';

/** The tiles top left to bottom right, as the eye reads them: a photo's src, or the initials shown. */
function tilesOf(picture: HTMLElement): string[] {
  return [...picture.children].reverse().map((tile) => tile.getAttribute('src') ?? tile.textContent ?? '');
}

describe('GroupAvatar', () => {
  it("draws the members' photos, and initials on a colour for those without one, in joining order", () => {
    render(
      <GroupAvatar
        name="Trip"
        portrait={PORTRAIT}
        faces={[
          { nickName: 'Amy Lee', portrait: '' },
          { nickName: 'Ben', portrait: PHOTO },
          { nickName: '张三', portrait: '' },
        ]}
        alt="Trip"
        size={48}
      />,
    );
    const picture = screen.getByRole('img', { name: 'Trip' });
    expect(tilesOf(picture)).toEqual(['AL', PHOTO, '张']);
    // Not the server's grey grid.
    expect(within(picture).queryByRole('img', { name: 'Trip' })).toBeNull();
    expect(picture.querySelector(`img[src="${PORTRAIT}"]`)).toBeNull();
    const amy = [...picture.children].at(-1) as HTMLElement;
    expect(amy.style.background).not.toBe('');
  });

  it('lays four out two by two and nine three by three, each tile sized to fit', () => {
    const faces = (n: number) => Array.from({ length: n }, (_, i) => ({ nickName: `M${i}`, portrait: '' }));
    const { rerender } = render(<GroupAvatar name="G" portrait="" faces={faces(4)} alt="G" size={48} />);
    const tile = () => screen.getByRole('img', { name: 'G' }).firstElementChild as HTMLElement;
    expect(tile().style.width).toBe('21px');
    rerender(<GroupAvatar name="G" portrait="" faces={faces(9)} alt="G" size={48} />);
    expect(screen.getByRole('img', { name: 'G' }).children).toHaveLength(9);
    expect(tile().style.width).toBe('13px');
  });

  it("shows the server's picture while the faces are not known", () => {
    render(<GroupAvatar name="Trip" portrait={PORTRAIT} alt="Trip" size={48} />);
    expect(screen.getByRole('img', { name: 'Trip' }).getAttribute('src')).toBe(PORTRAIT);
  });
});
