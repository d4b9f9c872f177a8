import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

const LOCATION = 'C001-B01-L01';
const BRANCH = 'C001-B01';

const timesCard = async () => {
  const heading = await screen.findByRole('heading', { name: 'Lead and safety time' }, { timeout: 15000 });
  return within(heading.closest('section') ?? (heading.parentElement?.parentElement as HTMLElement));
};

/** The text of the `dd` beside a term of the card's list. */
const shownFor = (card: ReturnType<typeof within>, term: string) =>
  card.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe("a location's lead and safety time", () => {
  it('shows the times in effect and where they come from; an editor changes them and the suggestions follow', async () => {
    const user = userEvent.setup();
    await signInWithMock('backoffice');
    renderApp(`/location/${LOCATION}/replenishment`);
    const card = await timesCard();
    await waitFor(() => expect(shownFor(card, 'Lead time (days)')).toBe("10 (Falcon's default)"));
    expect(shownFor(card, 'Safety time (days)')).toBe("5 (Falcon's default)");
    expect(
      card.getByText("This location sets no times of its own: it uses its branch's."),
    ).toBeInTheDocument();
    // The suggestions of the page are computed with 10 + 5 days.
    expect(
      await screen.findByText("Lead time 10 days, safety time 5 days (the location's, else its branch's)."),
    ).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Change' }));
    const lead = card.getByRole('spinbutton', { name: 'Lead time (days)' });
    const inheritLead = card.getByRole('checkbox', { name: "Use the branch's value (10)" });
    // Inherited values are shown but not editable until "use the branch's" is unticked (the first control).
    expect(lead).toBeDisabled();
    await waitFor(() => expect(inheritLead).toHaveFocus());
    await user.keyboard(' ');
    expect(inheritLead).not.toBeChecked();
    await user.clear(lead);
    await user.type(lead, '400');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(lead).toHaveAccessibleDescription('Enter a whole number of days from 0 to 365.');
    expect(lead).toHaveAttribute('aria-invalid', 'true');
    expect(lead).toHaveFocus();
    await user.clear(lead);
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(lead).toHaveAccessibleDescription('Enter a number of days.');
    await user.type(lead, '21{Enter}');

    expect(
      await screen.findByText('Lead and safety time saved; the suggestions are computed with them.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(shownFor(card, 'Lead time (days)')).toBe('21 (set for this location)'));
    expect(shownFor(card, 'Safety time (days)')).toBe("5 (Falcon's default)");
    expect(card.getByRole('button', { name: 'Change' })).toHaveFocus();
    expect(
      await screen.findByText("Lead time 21 days, safety time 5 days (the location's, else its branch's)."),
    ).toBeInTheDocument();
    const saved = await api.replenishment.locationSettings({ params: { code: LOCATION } });
    expect(saved).toMatchObject({ leadTimeDays: 21, safetyTimeDays: null });

    // Back to the branch's: both null again.
    await user.click(card.getByRole('button', { name: "Use the branch's times" }));
    await waitFor(() => expect(shownFor(card, 'Lead time (days)')).toBe("10 (Falcon's default)"));
    expect(await api.replenishment.locationSettings({ params: { code: LOCATION } })).toMatchObject({
      leadTimeDays: null,
      safetyTimeDays: null,
    });
  }, 60_000);

  it("a location's own safety time is what its containers' suggestions are computed with", async () => {
    const user = userEvent.setup();
    await signInWithMock('backoffice');
    renderApp(`/location/${LOCATION}/replenishment`);
    const card = await timesCard();
    const before = await api.replenishment.containerSizing({
      params: { id: 'K0000002' },
      body: { windowWeeks: 12 },
    });
    expect(before.coverDays).toBe(15);
    await user.click(await card.findByRole('button', { name: 'Change' }));
    await user.click(card.getByRole('checkbox', { name: "Use the branch's value (5)" }));
    const safety = card.getByRole('spinbutton', { name: 'Safety time (days)' });
    await user.clear(safety);
    await user.type(safety, '45{Enter}');
    await waitFor(() => expect(shownFor(card, 'Safety time (days)')).toBe('45 (set for this location)'));
    const after = await api.replenishment.containerSizing({
      params: { id: 'K0000002' },
      body: { windowWeeks: 12 },
    });
    expect(after.coverDays).toBe(55);
    expect(after.suggested).toBeGreaterThan(before.suggested as number);
  }, 60_000);

  it('is read-only for a user who may not edit the rack layout', async () => {
    await signInWithMock('kdadmin');
    renderApp(`/location/${LOCATION}/replenishment`);
    const card = await timesCard();
    expect(
      await card.findByText('Changing them needs the permission to edit the rack layout.'),
    ).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
    expect(shownFor(card, 'Lead time (days)')).toMatch(/^\d+ \(/);
  }, 60_000);
});

describe("a branch's default lead and safety time", () => {
  it("sets the branch's default, which its locations then inherit", async () => {
    const user = userEvent.setup();
    await signInWithMock('backoffice');
    renderApp(`/branch/${BRANCH}`);
    const card = await timesCard();
    await waitFor(() => expect(shownFor(card, 'Lead time (days)')).toBe("10 (Falcon's default)"));
    // Escape leaves the form unsaved and gives the focus back to Change.
    await user.click(card.getByRole('button', { name: 'Change' }));
    await waitFor(() =>
      expect(card.getByRole('checkbox', { name: "Use Falcon's default (10)" })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(card.getByRole('button', { name: 'Change' })).toHaveFocus());
    expect(card.queryByRole('form')).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Change' }));
    await user.click(card.getByRole('checkbox', { name: "Use Falcon's default (10)" }));
    const lead = card.getByRole('spinbutton', { name: 'Lead time (days)' });
    await user.clear(lead);
    await user.type(lead, '12');
    await user.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shownFor(card, 'Lead time (days)')).toBe('12 (set for this branch)'));
    expect(await api.replenishment.locationSettings({ params: { code: LOCATION } })).toMatchObject({
      effective: { leadTimeDays: 12 },
      source: { leadTimeDays: 'branch' },
    });
  }, 60_000);
});
