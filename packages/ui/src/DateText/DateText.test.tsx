import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render';
import { DateText } from './DateText';

describe('DateText', () => {
  it('shows the date in the current language with a machine-readable value', () => {
    renderUi(<DateText value="2025-08-31T10:00:00Z" timeZone="UTC" />, { locale: 'de' });
    const time = screen.getByText('31.08.2025');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2025-08-31T10:00:00.000Z');
  });

  it('shows a dash for a missing or broken date', () => {
    renderUi(<DateText value="not a date" />);
    expect(screen.getByText('–')).toBeInTheDocument();
  });
});
