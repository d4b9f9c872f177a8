import { darkTheme, lightTheme, ThemeProvider, type UiLocale, UiTextProvider, uiLocales } from '@falcon/ui';
import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { defaultHandlers, resetData } from './handlers';

// The screen stories load lazy routes and answer through MSW: on two busy CI cores the first paint can
// take well over Testing Library's default 1 s, so every findBy/waitFor waits up to 5 s.
configure({ asyncUtilTimeout: 5000 });

const languageNames: Record<UiLocale, string> = {
  cs: 'Česky',
  de: 'Deutsch',
  en: 'English',
  hu: 'Magyar',
  pl: 'Polska',
  ro: 'Românesc',
};

const preview: Preview = {
  tags: ['autodocs'],
  loaders: [mswLoader()],
  beforeEach: () => {
    resetData();
  },
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
    locale: {
      description: 'Language of the built-in texts',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: uiLocales.map((value) => ({ value, title: languageNames[value] })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'en' },
  decorators: [
    (Story, { globals }) => (
      <ThemeProvider theme={globals.theme === 'dark' ? darkTheme : lightTheme} withGlobalStyle>
        <UiTextProvider locale={(globals.locale as UiLocale | undefined) ?? 'en'}>
          <Story />
        </UiTextProvider>
      </ThemeProvider>
    ),
  ],
  parameters: {
    layout: 'padded',
    // Keyed by resource: a story overrides one key, e.g. { msw: { handlers: { container: [...] } } }.
    msw: { handlers: defaultHandlers },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Every story is checked with axe in the story tests; a violation fails the run.
    a11y: { test: 'error' },
  },
};

export default preview;
