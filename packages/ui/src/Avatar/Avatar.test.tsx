import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render';
import { Avatar, initialsOf } from './Avatar';

describe('Avatar', () => {
  it('takes the initials of the first and last name', () => {
    expect(initialsOf('Anna Maria Nowak')).toBe('AN');
    expect(initialsOf('  éva  ')).toBe('É');
    expect(initialsOf('')).toBe('?');
  });

  it('is an image named after the person unless decorative', () => {
    const { rerender } = renderUi(<Avatar name="Jan Novák" />);
    expect(screen.getByRole('img', { name: 'Jan Novák' })).toHaveTextContent('JN');
    rerender(<Avatar name="Jan Novák" decorative />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
