import type { ReactNode } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import { useUiText } from '../UiText/UiTextProvider';

export interface HeaderProps {
  /** The logo; wrapped in a link to homeHref. */
  logo: ReactNode;
  homeHref?: string;
  /** Renders the logo link, e.g. a router Link; a plain <a> by default. */
  renderHomeLink?: (props: { href: string; children: ReactNode }) => ReactNode;
  /** The QuickSearch. */
  search?: ReactNode;
  /** The UserMenu. */
  userMenu?: ReactNode;
  /** Id of the main content, for the skip link. */
  mainId?: string;
}

/** The bar's height in px: what sits fixed below it (the toasts) starts there. */
export const HEADER_HEIGHT = 60;

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.sticky};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[5]};
  height: ${HEADER_HEIGHT}px;
  padding: 0 ${({ theme }) => theme.space[5]};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Home = styled.a`
  display: inline-flex;
  align-items: center;
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  font-size: ${({ theme }) => theme.typography.size.lg};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; border-radius: 4px; }
`;

const Search = styled.div`
  flex: 1;
  display: flex;
  justify-content: center;
  min-width: 0;
`;

const Skip = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space[2]};
  top: -48px;
  padding: ${({ theme }) => theme.space[2]};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  border-radius: ${({ theme }) => theme.radius.sm};
  &:focus { top: ${({ theme }) => theme.space[2]}; }
`;

/** The top bar: logo link home, quick search in the middle, user menu at the right. */
export function Header({
  logo,
  homeHref = '/',
  renderHomeLink,
  search,
  userMenu,
  mainId = 'main',
}: HeaderProps) {
  const { t } = useUiText();
  // Named by its content (logo + hidden "Home"), so the visible logo text stays part of the name.
  const homeProps = {
    href: homeHref,
    children: (
      <>
        {logo}
        <VisuallyHidden> ({t('header.home')})</VisuallyHidden>
      </>
    ),
  };
  return (
    <Bar>
      <Skip href={`#${mainId}`}>{t('header.skip')}</Skip>
      {renderHomeLink ? renderHomeLink(homeProps) : <Home {...homeProps} />}
      <Search>{search}</Search>
      {userMenu}
    </Bar>
  );
}
