import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render';
import { ContainerDetailPanel } from './DetailPanel';

const labels = {
  masterdata: 'Master data',
  statistics: 'Statistics',
  containerdata: 'Container data',
  delivery: 'Delivery',
  articleName: 'Article name',
  fillingQuantity: 'Filling quantity',
  obligatory: 'Obligatory',
  reachInWeeks: 'Reach in weeks',
  deliveryNoteDate: 'Delivery note date',
};

describe('ContainerDetailPanel', () => {
  it('shows only the fields the record holds, formatted for the language', () => {
    renderUi(
      <ContainerDetailPanel
        title="K-10042"
        labels={labels}
        data={{
          articleName: 'Hex bolt',
          fillingQuantity: 200,
          obligatory: true,
          reachInWeeks: 3.5,
          charge: null,
        }}
      />,
      { locale: 'de' },
    );
    const master = screen.getByRole('region', { name: 'Master data' });
    expect(within(master).getByText('Article name').nextSibling).toHaveTextContent('Hex bolt');
    expect(within(master).getByText('Filling quantity').nextSibling).toHaveTextContent('200,00');
    expect(within(master).getByText('Obligatory').nextSibling).toHaveTextContent('Ja');
    expect(screen.getByRole('region', { name: 'Statistics' })).toHaveTextContent('3,50');
    // Nothing of the delivery group was sent (charge is null): the section is left out.
    expect(screen.queryByRole('region', { name: 'Delivery' })).not.toBeInTheDocument();
    expect(screen.queryByText('Delivery note date')).not.toBeInTheDocument();
  });

  it('says so when no field is visible', () => {
    renderUi(<ContainerDetailPanel title="K-1" labels={labels} data={{ id: 'x' }} />);
    expect(screen.getByText('No data available')).toBeInTheDocument();
  });
});
