import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render';
import { Layout } from './Layout';

const slots = {
  header: <header>Header</header>,
  selectorBar: <nav aria-label="Selector">Selector</nav>,
  inactivityBanner: <div>Banner</div>,
  footer: <footer>Footer</footer>,
};

describe('Layout', () => {
  it('Default shows banner, header, selector bar, content and footer', () => {
    renderUi(<Layout {...slots}>Content</Layout>);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Selector' })).toBeInTheDocument();
    expect(screen.getByText('Banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Content');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('Empty shows content and footer only', () => {
    renderUi(
      <Layout layout="Empty" {...slots}>
        Login
      </Layout>,
    );
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Login');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
