import { useEffect } from 'react';

/** The browser tab names the page: "<page> · Falcon". */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · Falcon` : 'Falcon';
  }, [title]);
}
