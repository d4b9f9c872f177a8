import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { LoginForm, type LoginFormProps } from './LoginForm';

const six = ['de', 'en', 'cz', 'pl', 'hu', 'ro'].map((code) => ({ code }));

function Controlled(props: LoginFormProps) {
  const [language, setLanguage] = useState(props.language);
  return (
    <LoginForm
      {...props}
      language={language}
      onLanguageChange={(code) => {
        setLanguage(code);
        props.onLanguageChange(code);
      }}
    />
  );
}

const meta = {
  title: 'Screens/LoginForm',
  component: LoginForm,
  render: (args) => <Controlled {...args} />,
  args: { languages: six, language: 'en', onSubmit: fn(), onLanguageChange: fn() },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'The sign-in page. Language selector at the top right with text tags and native names (no emoji flags) (current first, hidden under 2 languages); placeholders equal the labels; remember username; the login button spins while the call runs; the failure message shows after an attempt.',
      },
    },
  },
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Username' }), 'admin');
    await userEvent.type(canvas.getByLabelText('Password'), 'demo1234');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      username: 'admin',
      password: 'demo1234',
      remember: false,
    });
  },
};
export const Playground: Story = { args: { initialUsername: 'backoffice', loading: false, error: null } };
export const Loading: Story = { args: { initialUsername: 'admin', loading: true } };
export const Failed: Story = { args: { initialUsername: 'admin', error: 'Login failed! Please try again.' } };
/** Another way in below the login button (the app offers a passkey there). */
export const WithFooter: Story = {
  args: { footer: <button type="button">Sign in with a passkey</button> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  },
};
export const OneLanguage: Story = { args: { languages: [{ code: 'de' }], language: 'de' } };
export const LongTexts: Story = {
  args: {
    initialUsername: 'maximilian.alexander.von-hohenberg-schwarzenstein@example-kanban-logistics.com',
    error: 'A communication error occurred. '.repeat(4),
  },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const German: Story = {
  globals: { locale: 'de' },
  args: { language: 'de', error: 'Login fehlgeschlagen! Bitte versuchen Sie es erneut.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Benutzername' })).toBeInTheDocument();
  },
};
/** Another way to sign in below the form (the app puts "Sign in with your company account" there). */
export const WithAlternative: Story = {
  args: {
    alternative: (
      <button type="button" onClick={fn()}>
        Sign in with your company account
      </button>
    ),
  },
  play: async ({ canvas }) => {
    const form = canvas.getByRole('form');
    const other = canvas.getByRole('button', { name: 'Sign in with your company account' });
    // Its own element: never a part of the password form.
    await expect(form.contains(other)).toBe(false);
  },
};
