import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('announces loading in the provider language', () => {
    renderUi(<Spinner />, { locale: 'pl' });
    expect(screen.getByRole('status')).toHaveTextContent('Ładowanie…');
  });

  it('announces a given label', () => {
    renderUi(<Spinner label="Loading containers" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading containers');
  });

  it('is silent when decorative', () => {
    renderUi(<Spinner decorative />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
