import { Layout } from '@falcon/ui';
import type { ReactNode } from 'react';
import { InternalLinks } from '../../components/InternalLinks';
import { AppFooter } from '../../features/shell/components/AppFooter';
import { AppHeader } from '../../features/shell/components/AppHeader';
import { AppSelectorBar } from '../../features/shell/components/AppSelectorBar';
import { ImpersonationNotice } from '../../features/shell/components/ImpersonationNotice';
import { SessionWatch } from '../../features/shell/components/SessionWatch';

interface DefaultLayoutProps {
  /** Default scrolls as a page; FixedHeight fills the window and its content scrolls inside (spec section 2). */
  layout: 'Default' | 'FixedHeight';
  progressBar?: ReactNode;
  children: ReactNode;
}

/**
 * Default and FixedHeight share one frame (impersonation notice, inactivity banner, header, three-level selector bar, content,
 * footer), so moving between them keeps the header and its state mounted.
 */
export default function DefaultLayout({ layout, progressBar, children }: DefaultLayoutProps) {
  return (
    <InternalLinks>
      <Layout
        layout={layout}
        progressBar={progressBar}
        inactivityBanner={
          <>
            <ImpersonationNotice />
            <SessionWatch />
          </>
        }
        header={<AppHeader />}
        selectorBar={<AppSelectorBar />}
        footer={layout === 'FixedHeight' ? null : <AppFooter />}
      >
        {children}
      </Layout>
    </InternalLinks>
  );
}
