import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render';
import { formatNumber, NumberText } from './NumberText';

describe('NumberText', () => {
  it('always shows exactly two fraction digits', () => {
    expect(formatNumber(3, 'en-GB')).toBe('3.00');
    expect(formatNumber(2.5, 'en-GB')).toBe('2.50');
    expect(formatNumber(1.239, 'en-GB')).toBe('1.24');
  });

  it('uses the separators of the current language', () => {
    renderUi(<NumberText value={1234.5} />, { locale: 'de' });
    expect(screen.getByText('1.234,50')).toBeInTheDocument();
  });

  it('groups thousands the Czech way', () => {
    renderUi(<NumberText value={1234567.891} unit="kg" />, { locale: 'cs' });
    expect(screen.getByText(/^1\s234\s567,89\s?kg$/)).toBeInTheDocument();
  });

  it('shows a dash for a missing value instead of 0,00', () => {
    renderUi(<NumberText value={null} />, { locale: 'de' });
    expect(screen.getByText('–')).toBeInTheDocument();
  });
});
