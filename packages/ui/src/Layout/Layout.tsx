import type { ReactNode } from 'react';
import styled from 'styled-components';

export type LayoutName = 'Default' | 'Empty' | 'FixedHeight';

export interface LayoutProps {
  /** Spec: the route meta names the layout; Default when none. */
  layout?: LayoutName;
  /** Slots for Default and FixedHeight; Empty shows only content and footer. */
  inactivityBanner?: ReactNode;
  progressBar?: ReactNode;
  header?: ReactNode;
  selectorBar?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  /** Id of the main landmark (target of the header's skip link). */
  mainId?: string;
}

const Shell = styled.div<{ $fixed: boolean }>`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  ${({ $fixed }) => ($fixed ? 'height: 100vh; overflow: hidden;' : '')}
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  font-family: ${({ theme }) => theme.typography.family};
`;

const Main = styled.main<{ $fixed: boolean; $centered: boolean }>`
  flex: 1;
  min-height: 0;
  /* FixedHeight (the location screen) gives its areas the room: a narrower margin. */
  padding: ${({ theme, $centered, $fixed }) => ($centered ? '0' : $fixed ? theme.space[4] : theme.space[5])};
  ${({ $fixed }) => ($fixed ? 'display: flex; flex-direction: column; overflow: hidden;' : '')}
  &:focus { outline: none; }
`;

/** Page frames: Default (banner, header, selector bar, scrolling content, footer), Empty (content and footer), FixedHeight (content fills the window and does not scroll as a page). */
export function Layout({
  layout = 'Default',
  inactivityBanner,
  progressBar,
  header,
  selectorBar,
  footer,
  children,
  mainId = 'main',
}: LayoutProps) {
  const fixed = layout === 'FixedHeight';
  const empty = layout === 'Empty';
  return (
    <Shell $fixed={fixed} data-layout={layout}>
      {progressBar}
      {empty ? null : inactivityBanner}
      {empty ? null : header}
      {empty ? null : selectorBar}
      <Main id={mainId} tabIndex={-1} $fixed={fixed} $centered={empty}>
        {children}
      </Main>
      {footer}
    </Shell>
  );
}
