import { handlers } from '@falcon/mock-server';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { AppAt, prepareScreen } from '../../../testing/story';

const meta = {
  title: 'Screens/Admin/User detail',
  component: AppAt,
  args: { path: '/admin/newUser' },
  beforeEach: prepareScreen('admin'),
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    docs: {
      description: {
        component:
          "New user (/admin/newUser) and user detail (/admin/user/:id) on one form: personal data, language, session timeout, roles, concerns, additional permissions with the five visibility groups, password and repeat. 'Passwords are different', 'Username already exists', delete with confirmation and a discard-changes guard.",
      },
    },
  },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NewUser: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Username', {}, { timeout: 8000 })).toBeVisible();
  },
};

export const PasswordsDifferent: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Username', {}, { timeout: 8000 }), 'new.clerk');
    await userEvent.type(canvas.getByLabelText('Password'), 'abcdefgh1');
    await userEvent.type(canvas.getByLabelText('Repeat password'), 'abcdefgh2');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Passwords are different.')).toBeVisible();
  },
};

export const UsernameTaken: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Username', {}, { timeout: 8000 }), 'staff');
    await userEvent.type(canvas.getByLabelText('Password'), 'abcdefgh1');
    await userEvent.type(canvas.getByLabelText('Repeat password'), 'abcdefgh1');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    // The field says why (the error toast beside it says it too, and stays until closed).
    const field = canvas.getByLabelText('Username');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Username already exists.'), {
      timeout: 8000,
    });
  },
};

/** An existing user (customer staff, U005). */
export const ExistingUser: Story = {
  args: { path: '/admin/user/U005' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'staff', level: 1 }, { timeout: 8000 }),
    ).toBeVisible();
  },
};

/** A KD_ADMIN creates users of its own concern only. */
export const CustomerAdmin: Story = {
  beforeEach: prepareScreen('kdadmin'),
};

/** A back-office user linked to its employee: the review inbox assigns requests by the link. */
export const EmployeeLink: Story = {
  // The demo user `backoffice` is U002, linked to in-house employee IH01.
  args: { path: '/admin/user/U002' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('combobox', { name: /^Linked employee/ }, { timeout: 8000 }),
    ).not.toHaveTextContent('None (not an employee)');
  },
};
