import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

// K0000002's consumption asks for more than it holds (the mock's small dataset).
const CONTAINER = '/location/C001-B01-L01?container=K0000002';
const two = (n: number) => n.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const historySection = async () => {
  const heading = await screen.findByRole('heading', { name: 'History and sizing' }, { timeout: 15000 });
  return within(heading.closest('section') as HTMLElement);
};

describe("the container panel's history and sizing", () => {
  it('explains the suggestion with the numbers it was computed from, and a click requests it for review', async () => {
    const user = userEvent.setup();
    await signInWithMock('kdadmin');
    const sizing = await api.replenishment.containerSizing({
      params: { id: 'K0000002' },
      body: { windowWeeks: 12 },
    });
    renderApp(CONTAINER);
    const section = await historySection();
    const suggested = sizing.suggested as number;
    const needed = sizing.needed as number;
    await section.findByText(
      `Average consumption per week ${two(sizing.averageWeekly as number)} ÷ 7 × days to cover ${sizing.coverDays} (lead time ${sizing.leadTimeDays} + safety time ${sizing.safetyTimeDays}) = ${two(needed)}, rounded up to whole packaging units of ${two(sizing.packagingUnit as number)}: ${two(suggested)}.`,
      {},
      { timeout: 8000 },
    );
    expect(
      section.getByRole('group', { name: 'Consumption per week', description: /arrow keys/ }),
    ).toBeInTheDocument();
    expect(sizing.reason).toBe('increase');
    // Where the suggestion's lead and safety time are set.
    expect(section.getByRole('link', { name: 'Lead and safety time of this location' })).toHaveAttribute(
      'href',
      '/location/C001-B01-L01/replenishment',
    );
    expect(
      section.getByText(
        `Suggested: ${two(suggested)}, more than the current filling quantity of ${two(sizing.fillingQuantity as number)}.`,
      ),
    ).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: `Request ${two(suggested)}` }));
    expect(await screen.findByText('New filling quantity requested; it awaits review.')).toBeInTheDocument();
    // The normal review flow: the clerk's inbox has the change with the suggested quantity.
    await waitFor(async () => {
      const pending = (await api.container.requests({ params: { id: 'K0000002' } })).filter(
        (r) => r.state === 'pending' && r.type === 'changequantity',
      );
      expect(pending.map((r) => r.payload.fillingQuantity)).toEqual([suggested]);
    });
    expect(
      await section.findByText('A change of the filling quantity already awaits review.'),
    ).toBeInTheDocument();
  }, 40_000);

  it('a user without the consumption field sees no consumption chart, not an empty one', async () => {
    await signInWithMock('staff');
    renderApp(CONTAINER);
    const section = await historySection();
    expect(
      await section.findByRole(
        'group',
        { name: 'Stock level', description: /arrow keys/ },
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    expect(section.queryByRole('group', { name: 'Consumption per week' })).not.toBeInTheDocument();
    expect(section.queryByText(/^Average consumption per week/)).not.toBeInTheDocument();
  }, 40_000);
});
