import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSignedIn } from '../store/session';

/** Pages for signed-in people only: without a stored token, login instead. */
export function RequireAuth({ loginUrl }: { loginUrl: string }) {
  const signedIn = useSignedIn();
  return signedIn ? <Outlet /> : <Navigate to={loginUrl} replace />;
}

/**
 * The login and sign-up pages ('/' among them), for someone already signed in: straight to their
 * chats, the page replaced (Back does not lead to the form again).
 */
export function RedirectIfSignedIn({ to, children }: { to: string; children: ReactNode }) {
  const signedIn = useSignedIn();
  return signedIn ? <Navigate to={to} replace /> : children;
}
