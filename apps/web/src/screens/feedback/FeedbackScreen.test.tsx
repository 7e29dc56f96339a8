import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installReact19Render } from '../../lib/ui';
import { fakeServer, type FakeHandlers } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { FeedbackScreen } from './FeedbackScreen';

const user = userEvent.setup({ pointerEventsCheck: 0 });
beforeAll(() => installReact19Render());
afterEach(() => sessionStorage.clear());

let uploads = 0;
const stored = () => {
  uploads += 1;
  const name = String(uploads).padStart(32, 'e');
  return {
    url: `/file/${name}.png`,
    thumbUrl: `/file/${name}.thumb.webp`,
    contentType: 'image/png',
    size: 9,
    name: 'p.png',
  };
};
const photo = (n: number) => new File([`png ${n}`], `s${n}.png`, { type: 'image/png' });

function open(handlers: FakeHandlers = {}) {
  const server = fakeServer({ upload: stored, submitFeedback: () => ({ feedbackId: '1' }), ...handlers });
  return { server, ...renderScreen(<FeedbackScreen />) };
}

const text = () => screen.getByRole('textbox', { name: 'What happened?' });
const submit = () => screen.getByRole('button', { name: 'Submit' });

describe('FeedbackScreen', () => {
  it('requires the text before anything is sent', async () => {
    const { server } = open();
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Feedback text is required');
    expect(text().getAttribute('aria-invalid')).toBe('true');
    expect(server.called('submitFeedback')).toHaveLength(0);
  });

  it('sends the text with its pictures, thanks, and goes back', async () => {
    const { server, nav } = open();
    await user.type(text(), 'Voice messages cut off');
    await user.upload(screen.getByLabelText('Add pictures'), [photo(1), photo(2)]);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Pictures' })).getAllByRole('img')).toHaveLength(2),
    );
    await user.click(submit());
    expect(await screen.findByText('Thank you for your feedback!')).toBeTruthy();
    expect(nav.navigateBack).toHaveBeenCalledOnce();
    const request = server.called('submitFeedback')[0]?.request as { text: string; images: string[] };
    expect(request.text).toBe('Voice messages cut off');
    expect(request.images).toHaveLength(2);
    expect(sessionStorage.getItem('feedbackDraft')).toBeNull();
  });

  it('takes at most four pictures and says how many could still be added, and no video', async () => {
    const { server } = open();
    await user.upload(screen.getByLabelText('Add pictures'), [
      photo(1),
      photo(2),
      photo(3),
      photo(4),
      photo(5),
    ]);
    expect(
      await screen.findByText('You can send up to 4 images at a time; 4 can still be added'),
    ).toBeTruthy();
    await waitFor(() => expect(server.called('upload')).toHaveLength(4));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add pictures' })).toBeNull());
    expect(screen.getByLabelText('Add pictures').getAttribute('accept')).toBe('image/*');
  });

  it('keeps the draft when sending fails, also after leaving the page', async () => {
    const { server, nav, unmount } = open({ submitFeedback: () => new Response('down', { status: 502 }) });
    await user.type(text(), 'Crash on start');
    await user.upload(screen.getByLabelText('Add pictures'), [photo(9)]);
    await waitFor(() => expect(server.called('upload')).toHaveLength(1));
    await user.click(submit());
    await waitFor(() => expect(server.called('submitFeedback')).toHaveLength(1));
    expect(nav.navigateBack).not.toHaveBeenCalled();
    expect((text() as HTMLTextAreaElement).value).toBe('Crash on start');
    unmount();

    open();
    expect((text() as HTMLTextAreaElement).value).toBe('Crash on start');
    expect(within(screen.getByRole('list', { name: 'Pictures' })).getAllByRole('img')).toHaveLength(1);
  });
});
