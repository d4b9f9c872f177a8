import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

setupMockApi();

describe('legal pages', () => {
  it('are readable without signing in, link to the full document and to each other', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/privacy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Full version (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://falcon-supply.example/datenschutz',
    );
    await user.click(screen.getByRole('link', { name: 'Terms and conditions' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/login');
  });
});
