import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { Card } from './Card';

const meta = {
  title: 'Layout/Card',
  component: Card,
  args: { title: 'Container K-10042', children: 'Hex bolt M8×40 · Rack R03 · Shelf 2 · Place 4' },
  parameters: {
    docs: {
      description: {
        component: 'A titled surface grouping related content; actions sit at the right of the title.',
      },
    },
  },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { padded: true, headingLevel: 3 } };
export const WithActions: Story = { args: { actions: <Button size="sm">Scan</Button> } };
export const LongText: Story = {
  args: {
    title: 'Internationale Kanban-Versorgungsgesellschaft für Fertigungsbetriebe mbH & Co. KG – Werk Süd',
    children:
      'Sechskantschraube mit Schaft DIN 931 M8×40 8.8 galvanisch verzinkt, Verpackungseinheit 200 Stück, Sonderfreigabe Qualitätssicherung, Lieferschein 2025-08-31.',
  },
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const Czech: Story = {
  globals: { locale: 'cs' },
  args: { title: 'Kontejner K-10042', children: 'Šroub M8×40 · Regál R03' },
};
