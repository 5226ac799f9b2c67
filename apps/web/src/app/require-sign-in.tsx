import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { rememberReturnTo } from '../lib/return-to.ts';
import { useUserData } from '../lib/session.ts';

/**
 * Pages for signed-in customers: a visitor who is not signed in gets the login screen. A
 * sign-out while the page is open (its own Sign Out, the menu's, a 401) already takes the
 * visitor somewhere, so the page just steps aside instead of racing it to /login.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const user = useUserData();
  const location = useLocation();
  const [signedInOnArrival] = useState(() => {
    // Sign-in then brings the visitor back here (issue 30: checkout, not the menu).
    if (user === null) rememberReturnTo(`${location.pathname}${location.search}`);
    return user !== null;
  });
  if (!signedInOnArrival) return <Navigate to="/login" replace />;
  return user ? children : null;
}
