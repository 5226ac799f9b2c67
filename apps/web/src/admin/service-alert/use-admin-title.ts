import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { sectionOf } from '../admin-sections.tsx';

/**
 * The tab's title names the screen and, first, how many orders wait: "(3) Order desk · Tandoor
 * Lane", so a tab in the background or a pinned tab still shows that orders are waiting.
 */
export function useAdminTitle(shopName: string, waiting: number) {
  const { pathname } = useLocation();
  const screen = sectionOf(pathname)?.label ?? 'Staff';
  useEffect(() => {
    document.title = `${waiting > 0 ? `(${waiting}) ` : ''}${screen} · ${shopName}`;
  }, [screen, shopName, waiting]);
}
