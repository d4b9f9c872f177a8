import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { setupMockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';
import { signInWithMock } from '../../../testing/sign-in';

setupMockApi();

const section = async () => {
  const heading = await screen.findByRole('heading', { name: 'E-mail notifications' }, { timeout: 8000 });
  return within(heading.closest('section') as HTMLElement);
};

describe('profile: e-mail notifications', () => {
  it('switches a kind off and keeps it: saved on the server, the form starts from what was saved', async () => {
    const user = userEvent.setup();
    const session = await signInWithMock('staff');
    renderApp(`/profile/${session.userId}`);
    const card = await section();
    const decided = await card.findByRole('checkbox', { name: 'My request has been decided' });
    expect(decided).toBeChecked();
    // staff reviews no requests: nobody would send it one.
    expect(card.queryByRole('checkbox', { name: 'A request arrives for me to review' })).toBeNull();
    const save = card.getByRole('button', { name: 'Save notifications' });
    expect(save).toBeDisabled();
    await user.click(decided);
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Notifications saved.')).toBeInTheDocument();
    expect(await api.notifications.get()).toMatchObject({ requestDecided: false, dailyDigest: true });
    expect(card.getByRole('checkbox', { name: 'My request has been decided' })).not.toBeChecked();
    expect(card.getByRole('button', { name: 'Save notifications' })).toBeDisabled();
  });

  it("opens at the notifications when followed from a mail's unsubscribe link", async () => {
    const scrolled: Element[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record whom the page brings into view.
    const had = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const session = await signInWithMock('staff');
      renderApp(`/profile/${session.userId}#notifications`);
      const card = await section();
      await card.findByRole('checkbox', { name: 'My request has been decided' });
      const anchor = document.getElementById('notifications');
      expect(anchor).toContainElement(screen.getByRole('heading', { name: 'E-mail notifications' }));
      expect(scrolled).toContain(anchor);
    } finally {
      if (had) Object.defineProperty(Element.prototype, 'scrollIntoView', had);
      else delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('offers a reviewer the mail about requests waiting for them', async () => {
    const session = await signInWithMock('backoffice');
    renderApp(`/profile/${session.userId}`);
    const card = await section();
    expect(await card.findByRole('checkbox', { name: 'A request arrives for me to review' })).toBeChecked();
  });
});
