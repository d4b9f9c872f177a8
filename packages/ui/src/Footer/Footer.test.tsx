import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render';
import { Footer } from './Footer';

describe('Footer', () => {
  it('opens server links in a new tab and says so, and shows copyright and build date', () => {
    renderUi(
      <Footer
        links={[{ label: 'Privacy', href: 'https://example.com/privacy' }]}
        copyright="© 2025"
        buildTimestamp="2025-08-31T00:00:00Z"
      />,
      { locale: 'de' },
    );
    const link = screen.getByRole('link', { name: /^Privacy ?\(öffnet in neuem Tab\)$/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText(/© 2025/)).toHaveTextContent('Build 31.08.2025');
  });
});
