import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '../../test/render';
import { HoldToTalk } from './HoldToTalk';

// The microphone is the browser's; here a recorder that starts at once and records 2 s.
vi.mock('./useVoiceRecorder', () => ({
  VoiceRecorderError: class extends Error {},
  useVoiceRecorder: () => ({
    start: () => Promise.resolve(),
    stop: () => Promise.resolve({ blob: new Blob(['voice']), seconds: 2 }),
    cancel: vi.fn(),
  }),
}));

describe('HoldToTalk', () => {
  it('says "Hold to talk", then the spec\'s "Release to end" while held; releasing sends', async () => {
    const onRecorded = vi.fn();
    renderScreen(<HoldToTalk onRecorded={onRecorded} />);
    const button = screen.getByRole('button', { name: 'Hold to talk' });
    fireEvent.keyDown(button, { key: ' ' });
    expect(await screen.findByRole('button', { name: 'Release to end' })).toBe(button);
    fireEvent.keyUp(button, { key: ' ' });
    await vi.waitFor(() => expect(onRecorded).toHaveBeenCalledWith(expect.any(Blob), 2));
    expect(screen.getByRole('button', { name: 'Hold to talk' })).toBe(button);
  });
});
