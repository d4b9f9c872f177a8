import { Layout } from '@falcon/ui';
import type { ReactNode } from 'react';
import { AppFooter } from '../../features/shell/components/AppFooter';
import { useShellRemoval } from '../shell';

/** Spec: content and footer only (login, error pages). */
export function EmptyLayout({ progressBar, children }: { progressBar?: ReactNode; children: ReactNode }) {
  useShellRemoval();
  return (
    <Layout layout="Empty" progressBar={progressBar} footer={<AppFooter />}>
      {children}
    </Layout>
  );
}
