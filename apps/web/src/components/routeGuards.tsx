import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSignedIn } from '../store/session';

/** Pages for signed-in people only: without a stored token, login instead. */
export function RequireAuth({ loginUrl }: { loginUrl: string }) {
  const signedIn = useSignedIn();
  return signedIn ? <Outlet /> : <Navigate to={loginUrl} replace />;
}

/** '/' is the login page, but someone already signed in goes straight to their chats. */
export function RedirectIfSignedIn({ to, children }: { to: string; children: ReactNode }) {
  const signedIn = useSignedIn();
  return signedIn ? <Navigate to={to} replace /> : children;
}
