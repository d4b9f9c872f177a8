import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ArticleDetailPanel, ContainerDetailPanel } from './DetailPanel';

const labels: Record<string, string> = {
  masterdata: 'Master data',
  containerdata: 'Container data',
  statistics: 'Statistics',
  delivery: 'Delivery',
  articleCode: 'Article code',
  articleName: 'Article name',
  customerPartNumber: 'Customer part number',
  fillingQuantity: 'Filling quantity',
  packagingUnit: 'Packaging unit',
  weight: 'Weight',
  obligatory: 'Obligatory',
  price: 'Price',
  code: 'Container code',
  rackCode: 'Rack',
  shelfCode: 'Shelf',
  placeCode: 'Place',
  deliveryStatus: 'Delivery status',
  numberOfScans: 'Number of scans',
  reachInWeeks: 'Reach in weeks',
  lastScannedDate: 'Last scanned',
  deliveryNoteNumber: 'Delivery note number',
  deliveryNoteDate: 'Delivery note date',
  name: 'Name',
  certificate: 'Certificate',
};

const full = {
  articleCode: 'A-4711',
  articleName: 'Hex bolt M8×40',
  customerPartNumber: 'CP-99812',
  fillingQuantity: 200,
  packagingUnit: 'box',
  weight: 12.4,
  obligatory: true,
  price: 0.12,
  code: 'K-10042',
  rackCode: 'R03',
  shelfCode: '2',
  placeCode: '4',
  deliveryStatus: 'indelivery',
  numberOfScans: 18,
  reachInWeeks: 3.5,
  lastScannedDate: '2025-08-29T09:12:00Z',
  deliveryNoteNumber: 'LS-2025-0815',
  deliveryNoteDate: '2025-08-20',
};

const meta = {
  title: 'Data/ContainerDetailPanel',
  component: ContainerDetailPanel,
  args: { title: 'Container K-10042', labels, data: full },
  parameters: {
    docs: {
      description: {
        component:
          'Container (and article) data in sections. The server leaves out fields the user may not see; the panel shows only what is present and drops empty sections. Labels come from the app.',
      },
    },
  },
} satisfies Meta<typeof ContainerDetailPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = {};
export const CustomerStaffFields: Story = {
  name: 'Limited fields (customer staff)',
  args: {
    data: {
      articleCode: 'A-4711',
      articleName: 'Hex bolt M8×40',
      fillingQuantity: 200,
      deliveryStatus: 'indelivery',
      reachInWeeks: 3.5,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('Price')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('region', { name: 'Delivery' })).not.toBeInTheDocument();
  },
};
export const Empty: Story = { args: { data: {} } };
export const LongTexts: Story = {
  args: {
    data: {
      ...full,
      articleName:
        'Sechskantschraube mit Schaft DIN 931 M8×40 8.8 galvanisch verzinkt, Sonderfreigabe Qualitätssicherung',
    },
  },
};
export const Article: Story = {
  render: () => (
    <ArticleDetailPanel
      title="Article A-4711"
      labels={labels}
      data={{
        code: 'A-4711',
        name: 'Hex bolt M8×40',
        certificate: 'DIN EN 10204 3.1',
        numberOfScans: 120,
        reachInWeeks: 6.25,
      }}
    />
  ),
};
export const DarkTheme: Story = { globals: { theme: 'dark' } };
export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('200,00')).toBeInTheDocument();
  },
};
