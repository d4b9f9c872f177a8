import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { SelectorBar, type SelectorBarProps, type SelectorEntry } from './SelectorBar';

const concerns: SelectorEntry[] = [
  { code: 'C1001', name: 'Acme Holding' },
  { code: 'C1002', name: 'Nordwerk Gruppe' },
  { code: '0', name: 'Without concern' },
];
const branches: SelectorEntry[] = [
  { code: 'B2001', name: 'Acme Berlin' },
  { code: 'B2002', name: 'Acme Praha' },
  { code: 'branch_0', name: 'Main branch' },
];
const locations: SelectorEntry[] = [
  { code: 'L3001', name: 'Hall 1' },
  { code: 'L3002', name: 'Hall 2 – assembly line' },
];

function Controlled(props: SelectorBarProps) {
  const [concern, setConcern] = useState(props.concernCode ?? null);
  const [branch, setBranch] = useState(props.branchCode ?? null);
  const [location, setLocation] = useState(props.locationCode ?? null);
  return (
    <SelectorBar
      {...props}
      concernCode={concern}
      branchCode={branch}
      locationCode={location}
      onSelectConcern={(entry) => {
        setConcern(entry.code);
        setBranch(null);
        setLocation(null);
        props.onSelectConcern(entry);
      }}
      onSelectBranch={(entry) => {
        setBranch(entry.code);
        setLocation(null);
        props.onSelectBranch(entry);
      }}
      onSelectLocation={(entry) => {
        setLocation(entry.code);
        props.onSelectLocation(entry);
      }}
    />
  );
}

const meta = {
  title: 'Navigation/SelectorBar',
  component: SelectorBar,
  render: (args) => <Controlled {...args} />,
  args: {
    concerns,
    branches,
    locations,
    onSelectConcern: fn(),
    onSelectBranch: fn(),
    onSelectLocation: fn(),
  },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'The three-level selector under the header. Branch appears once a concern is chosen, location once a branch is chosen. Entries show name and code; the placeholder codes "0" and "branch_0" are hidden. Choosing calls back: the app loads the next level and navigates.',
      },
    },
  },
} satisfies Meta<typeof SelectorBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.queryByRole('combobox', { name: /Branch/ })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('combobox', { name: /Concern/ }));
    await userEvent.click(canvas.getByRole('option', { name: 'Acme Holding C1001' }));
    await expect(args.onSelectConcern).toHaveBeenCalledWith(concerns[0]);
    await userEvent.click(canvas.getByRole('combobox', { name: /Branch/ }));
    await expect(canvas.getByRole('option', { name: 'Main branch' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('option', { name: /Acme Berlin/ }));
    await expect(canvas.getByRole('combobox', { name: /Location/ })).toBeInTheDocument();
  },
};

export const Playground: Story = {
  args: { concernCode: 'C1001', branchCode: 'B2001', locationCode: 'L3001' },
};
export const ConcernChosen: Story = { args: { concernCode: 'C1001' } };
export const Empty: Story = { args: { concerns: [] } };
export const ManyItems: Story = {
  args: {
    concerns: Array.from({ length: 300 }, (_, i) => ({ code: `C${1000 + i}`, name: `Concern ${i + 1}` })),
  },
};
export const LongTexts: Story = {
  args: {
    concernCode: 'C1',
    branchCode: 'B1',
    concerns: [
      {
        code: 'C1',
        name: 'Internationale Kanban-Versorgungsgesellschaft für Fertigungsbetriebe mbH & Co. KG',
      },
    ],
    branches: [{ code: 'B1', name: 'Niederlassung Süd-Ost, Werk 14 – Endmontage und Qualitätssicherung' }],
    locations,
  },
};
export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  args: { concernCode: 'C1001', branchCode: 'B2001' },
};
export const German: Story = {
  globals: { locale: 'de' },
  args: { concernCode: 'C1001' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: /Niederlassung/ })).toBeInTheDocument();
  },
};
