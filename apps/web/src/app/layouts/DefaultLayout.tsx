import { HEADER_HEIGHT, Layout, ToastProvider, useToast } from '@falcon/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { InternalLinks } from '../../components/InternalLinks';
import { useSessionRefresh } from '../../features/shell/api/useSessionRefresh';
import { AppFooter } from '../../features/shell/components/AppFooter';
import { AppHeader } from '../../features/shell/components/AppHeader';
import { AppSelectorBar } from '../../features/shell/components/AppSelectorBar';
import { ImpersonationNotice } from '../../features/shell/components/ImpersonationNotice';
import { SessionWatch } from '../../features/shell/components/SessionWatch';
import { VersionWatch } from '../../features/shell/components/VersionNotice';
import { attachFrameToasts } from '../../lib/frame-toasts';
import { queryClient } from '../../lib/query-client';
import { useShellRemoval } from '../shell';

interface DefaultLayoutProps {
  /** Default scrolls as a page; FixedHeight fills the window and its content scrolls inside (spec section 2). */
  layout: 'Default' | 'FixedHeight';
  progressBar?: ReactNode;
  children: ReactNode;
}

/** Toasts handed over from outside the frame (the login page's "signed in"). */
function HandedOverToasts() {
  const toast = useToast();
  useEffect(() => attachFrameToasts(toast.show), [toast]);
  return null;
}

/**
 * Default and FixedHeight share one frame (impersonation notice, inactivity banner, header, three-level selector bar, content,
 * footer, toasts), so moving between them keeps the header, its state and the toasts mounted. Toasts are the
 * frame's: every screen that shows one is inside it (the login page hands its one over, lib/frame-toasts.ts).
 * FixedHeight keeps the footer too (spec section 2: "like default"); its content fills what is left.
 * The signed-in frame keeps the session's permissions fresh (useSessionRefresh) and checks for a new
 * version of the web app (VersionWatch; not on the login page, which stays within its size budget).
 */
export default function DefaultLayout({ layout, progressBar, children }: DefaultLayoutProps) {
  useShellRemoval();
  useSessionRefresh();
  // Server data through TanStack Query: its provider comes with the frame, so the login page never loads it.
  return (
    <QueryClientProvider client={queryClient}>
      {/* Below the header: the "signed in" toast must not cover the user menu (issue 14). */}
      <ToastProvider offsetTop={HEADER_HEIGHT}>
        <HandedOverToasts />
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
            footer={<AppFooter />}
          >
            {children}
          </Layout>
          <VersionWatch />
        </InternalLinks>
      </ToastProvider>
    </QueryClientProvider>
  );
}
