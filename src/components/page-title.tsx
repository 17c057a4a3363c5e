import { createContext, useContext, useEffect } from 'react';

type SetTitle = (title: string | null) => void;

export const PageTitleContext = createContext<SetTitle>(() => undefined);

/**
 * Replaces the header title while the calling page is shown, for titles that depend on data
 * (e.g. the bookings of one restaurant). Other pages get their title from the screen table.
 */
export function usePageTitle(title: string | null | undefined): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    if (!title) return undefined;
    setTitle(title);
    return () => setTitle(null);
  }, [title, setTitle]);
}
