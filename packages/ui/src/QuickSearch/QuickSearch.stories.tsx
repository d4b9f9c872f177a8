import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { QuickSearch, type QuickSearchProps, type QuickSearchResults } from './QuickSearch';

const found: QuickSearchResults = {
  concerns: [{ code: 'C1001', name: 'Acme Holding' }],
  branches: [
    { code: 'B2001', name: 'Acme Berlin' },
    { code: 'B2002', name: 'Acme Praha' },
    { code: 'branch_0', name: 'Acme main branch' },
  ],
  locations: [
    { code: 'L3001', name: 'Acme Berlin – Hall 1' },
    { code: 'L3002', name: 'Acme Praha – Sklad 2' },
  ],
};

/** Answers like the suggest endpoint after a short delay. */
function WithResults(props: QuickSearchProps & { answer?: QuickSearchResults }) {
  const [results, setResults] = useState<QuickSearchResults | null>(props.results ?? null);
  const [loading, setLoading] = useState(false);
  return (
    <div style={{ minHeight: 360 }}>
      <QuickSearch
        {...props}
        results={results}
        loading={loading || props.loading}
        onSearch={(query) => {
          props.onSearch(query);
          setLoading(true);
          setTimeout(() => {
            setResults(props.answer ?? found);
            setLoading(false);
          }, 200);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Navigation/QuickSearch',
  component: QuickSearch,
  render: (args) => <WithResults {...args} />,
  args: { onSearch: fn(), onSelect: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'The header search. The query goes out 1000 ms after the last keystroke, at the latest 5000 ms after the first one, or at once on Enter. Results show in three columns (concerns, branches, locations); arrow keys move through them, left/right jump between columns, Enter or a click chooses and clears the field. Escape closes, a second Escape clears.',
      },
    },
  },
} satisfies Meta<typeof QuickSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { placeholder: 'Search…', debounceMs: 1000, maxWaitMs: 5000 } };

export const Debounce: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('combobox', { name: 'Quick search' });
    await userEvent.type(input, 'acme');
    await expect(args.onSearch).not.toHaveBeenCalled();
    // Spec: sent 1000 ms after the last keystroke.
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('acme'), { timeout: 2000 });
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
  },
};

export const ChooseWithKeyboard: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('combobox', { name: 'Quick search' });
    await userEvent.type(input, 'acme{Enter}');
    await expect(args.onSearch).toHaveBeenCalledWith('acme');
    await waitFor(() => expect(canvas.getByRole('listbox', { name: 'Branches' })).toBeVisible());
    await userEvent.keyboard('{ArrowDown}{ArrowRight}{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith('branch', found.branches[0]);
    await expect(input).toHaveValue('');
  },
};

export const Loading: Story = {
  render: (args) => (
    <div style={{ minHeight: 360 }}>
      <QuickSearch {...args} />
    </div>
  ),
  args: { loading: true },
};

export const NoResults: Story = {
  render: (args) => <WithResults {...args} answer={{ concerns: [], branches: [], locations: [] }} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: 'Quick search' }), 'zzz{Enter}');
    await waitFor(() => expect(canvas.getAllByText('No results')).toHaveLength(3));
  },
};

export const ErrorState: Story = {
  render: (args) => (
    <div style={{ minHeight: 200 }}>
      <QuickSearch {...args} />
    </div>
  ),
  args: { error: 'A communication error occurred.' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: 'Quick search' }), 'acme{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent('A communication error occurred.');
  },
};

export const ManyItemsAndLongTexts: Story = {
  render: (args) => (
    <WithResults
      {...args}
      answer={{
        concerns: Array.from({ length: 12 }, (_, i) => ({
          code: `C${i}`,
          name: `Internationale Kanban-Versorgungsgesellschaft ${i + 1} mbH & Co. KG`,
        })),
        branches: Array.from({ length: 30 }, (_, i) => ({ code: `B${i}`, name: `Branch ${i + 1}` })),
        locations: Array.from({ length: 40 }, (_, i) => ({ code: `L${i}`, name: `Location ${i + 1}` })),
      }}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: 'Quick search' }), 'kanban{Enter}');
    await waitFor(() => expect(canvas.getAllByRole('option')).toHaveLength(82));
  },
};

export const DarkTheme: Story = { globals: { theme: 'dark' } };

export const Hungarian: Story = {
  globals: { locale: 'hu' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Gyorskeresés' })).toBeInTheDocument();
  },
};
