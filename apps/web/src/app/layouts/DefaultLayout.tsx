import { Layout, ToastProvider, useToast } from '@falcon/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { InternalLinks } from '../../components/InternalLinks';
import { AppFooter } from '../../features/shell/components/AppFooter';
import { AppHeader } from '../../features/shell/components/AppHeader';
import { AppSelectorBar } from '../../features/shell/components/AppSelectorBar';
import { ImpersonationNotice } from '../../features/shell/components/ImpersonationNotice';
import { SessionWatch } from '../../features/shell/components/SessionWatch';
import { attachFrameToasts } from '../../lib/frame-toasts';
import { queryClient } from '../../lib/query-client';

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
 */
export default function DefaultLayout({ layout, progressBar, children }: DefaultLayoutProps) {
  // Server data through TanStack Query: its provider comes with the frame, so the login page never loads it.
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
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
            footer={layout === 'FixedHeight' ? null : <AppFooter />}
          >
            {children}
          </Layout>
        </InternalLinks>
      </ToastProvider>
    </QueryClientProvider>
  );
}
