import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useUserData } from '../lib/session.ts';

/**
 * Pages for signed-in customers: a visitor who is not signed in gets the login screen. A
 * sign-out while the page is open (its own Sign Out, the menu's, a 401) already takes the
 * visitor somewhere, so the page just steps aside instead of racing it to /login.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const user = useUserData();
  const [signedInOnArrival] = useState(user !== null);
  if (!signedInOnArrival) return <Navigate to="/login" replace />;
  return user ? children : null;
}
