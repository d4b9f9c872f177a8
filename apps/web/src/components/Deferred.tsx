import { type ReactNode, Suspense, useState } from 'react';

interface DeferredProps {
  /** Whether the children are wanted now (a dialog: open). */
  when: boolean;
  /** Usually a lazy component: its code loads the first time `when` holds. */
  children: ReactNode;
}

/**
 * Renders its children from the first time `when` holds, not before: a lazy dialog's code then loads when it
 * first opens instead of with the route that places it, which keeps the route within its size budget
 * (< 50 kB, apps/web/scripts/size.mjs). Once shown the children stay mounted, so a dialog keeps its state
 * and its closing between openings.
 */
export function Deferred({ when, children }: DeferredProps) {
  const [wanted, setWanted] = useState(when);
  if (when && !wanted) setWanted(true);
  if (!wanted) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
