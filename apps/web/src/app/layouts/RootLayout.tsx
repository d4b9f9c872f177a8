import { type LayoutName, ProgressBar } from '@falcon/ui';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useTabSync } from '../../features/shell/api/useTabSync';
import { dropPendingFrameToasts } from '../../lib/frame-toasts';
import { loadAllUiTexts, loadNamespaces, type Namespace } from '../../lib/i18n';
import { state } from '../../lib/store';
import type { RouteHandle } from '../guards';
import { EmptyLayout } from './EmptyLayout';

/**
 * What the signed-in frame needs beyond the eager namespaces (the test keeps this true): its header and
 * notices, and for every signed-in screen inside it the common words and the server's messages (loaded
 * here once, with the frame's code, instead of on the login page).
 */
export const FRAME_NAMESPACES: readonly Namespace[] = ['common', 'frame', 'messages'];

/**
 * What the signed-in frame needs before it renders besides its code: its namespaces and all of the ui
 * library's texts (its widgets'; the login page has only the base part).
 */
export const prepareFrame = async (): Promise<void> => {
  await Promise.all([loadNamespaces(FRAME_NAMESPACES), loadAllUiTexts(state.language)]);
};

// The signed-in frame (header, selector bar, inactivity watch) is its own chunk: the login page never loads it.
const DefaultLayout = lazy(async () => {
  const [module] = await Promise.all([import('./DefaultLayout'), prepareFrame()]);
  return module;
});

/** The layout named in the deepest route's handle (spec: route meta, Default when none). */
const useLayoutName = (): LayoutName => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const layout = (matches[i]?.handle as RouteHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return 'Default';
};

/**
 * Spec section 2: a progress bar during navigation and during calls. Its own component: the count of
 * calls changes with every request, and only the bar should render again then, not the whole frame.
 */
function AppProgressBar() {
  const { t } = useTranslation('shell');
  const navigation = useNavigation();
  const { pendingCalls } = useSnapshot(state);
  return (
    <ProgressBar active={navigation.state !== 'idle' || pendingCalls > 0} label={t('progress.loading')} />
  );
}

export function RootLayout() {
  const { t } = useTranslation('shell');
  const layout = useLayoutName();
  const { key } = useLocation();
  useTabSync();
  // A toast handed to the frame is for the page a sign-in leads to: a page outside the frame drops it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: every page shown counts, so the location's key
  useEffect(() => {
    if (layout === 'Empty') dropPendingFrameToasts();
  }, [layout, key]);
  const progressBar = <AppProgressBar />;

  return layout === 'Empty' ? (
    <EmptyLayout progressBar={progressBar}>
      <Outlet />
    </EmptyLayout>
  ) : (
    <Suspense fallback={<ProgressBar active label={t('progress.loading')} />}>
      <DefaultLayout layout={layout} progressBar={progressBar}>
        <Outlet />
      </DefaultLayout>
    </Suspense>
  );
}
