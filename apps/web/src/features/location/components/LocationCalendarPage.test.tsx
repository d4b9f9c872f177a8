import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

describe('location appointments', () => {
  it('shows the month from the URL and an appointment when chosen', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    renderApp('/location/C001-B01-L01/appointments?month=2025-09');
    expect(
      await screen.findByRole('heading', { name: 'September 2025' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Wartung Kanban-Scanner/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Wartung Kanban-Scanner' });
    expect(within(dialog).getByText('Maintenance')).toBeInTheDocument();
  });

  it('offers the nearest appointment when the month has none', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const { router } = renderApp('/location/C001-B01-L01/appointments?month=2025-12');
    expect(
      await screen.findByText('No appointments in this month.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Show Besuch Außendienst on/ }));
    expect(await screen.findByRole('heading', { name: 'October 2025' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?month=2025-10');
  });
});
