import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TextField } from './TextField';

function Field({ maxLength }: { maxLength?: number }) {
  const [value, setValue] = useState('');
  return <TextField label="Search" value={value} onValueChange={setValue} maxLength={maxLength} />;
}

describe('TextField', () => {
  it('takes at most 140 characters (spec 9) when the field has no limit of its own', async () => {
    render(<Field />);
    const box = screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement;
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(150));
    expect(box.value).toHaveLength(140);
  });

  it("keeps a field's own limit", () => {
    render(<Field maxLength={20} />);
    expect(screen.getByRole('textbox', { name: 'Search' }).getAttribute('maxlength')).toBe('20');
  });
});
