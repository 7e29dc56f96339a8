import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useRouteParams } from './NavContext';

function Show() {
  const params = useRouteParams();
  return <output>{JSON.stringify(params)}</output>;
}

describe('useRouteParams', () => {
  it('reads route parameters from the query', () => {
    render(
      <MemoryRouter initialEntries={['/wx/chatWindow/index?userId=u%201&windowType=SINGLE']}>
        <Show />
      </MemoryRouter>,
    );
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      userId: 'u 1',
      windowType: 'SINGLE',
    });
  });
});
