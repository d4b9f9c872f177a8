import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Library components render plain <a href> (menus, tables, cards) because they know no router. A click on
 * such a link inside this wrapper is routed client-side instead of reloading the page; new-tab clicks,
 * external links and downloads keep the browser's behaviour.
 */
export function InternalLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.('a');
    if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const href = anchor.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//') || href.startsWith('/api/')) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the links inside; adds no behaviour of its own
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires click, which lands here too
    <div onClick={onClick} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
