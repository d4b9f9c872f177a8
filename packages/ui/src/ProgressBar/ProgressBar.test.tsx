import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it('shows only while active', () => {
    const { rerender } = renderUi(<ProgressBar active={false} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    rerender(<ProgressBar active />);
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).not.toHaveAttribute('aria-valuenow');
  });

  it('reports a known amount', () => {
    renderUi(<ProgressBar active value={42.4} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
  });
});
