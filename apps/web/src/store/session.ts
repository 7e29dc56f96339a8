/**
 * The signed-in session: the token (mirrored from the `auth_token` cookie so React re-renders
 * when it changes), the socket, and the ways a session starts and ends.
 *
 * Start: store the token, load user info, then open the socket (spec 7: "on launch: get user
 * info, then connect the socket").
 * End (sign-out or expiry): close the socket on purpose, clear storage (the interface language
 * stays: it belongs to the device, not the account) and the chats kept in IndexedDB, forget
 * cached server data, go to login.
 */
import { create } from 'zustand';
import { logout } from '@paichat/protocol';
import { clearAuthToken, readAuthToken, writeAuthToken } from '../lib/authToken';
import { call, expireSession, resetSessionExpiry } from '../api/request';
import { queryClient } from '../api/queryClient';
import { myInfoQuery } from '../api/queries/myInfo';
import { fetchSocketTicket } from '../api/socketTicket';
import { createRealtime } from '../realtime/realtime';
import { showToast } from '../lib/ui';
import { LOCALE_STORAGE_KEY, t } from '../i18n';
import { useBadges } from './badges';
import { discardChatData } from './chat/lifecycle';

interface SessionState {
  token: string | null;
}

export const useSession = create<SessionState>()(() => ({ token: readAuthToken() }));

export const socket = createRealtime({
  ticket: fetchSocketTicket,
  onSessionOver: (reason) => expireSession(useSession.getState().token, reason),
  onLoginElsewhere: () => showToast(t('errors.loginElsewhere'), { role: 'status' }),
});

let goToLogin: () => void = () => undefined;

/** Where a finished session goes (the router is made after this module). */
export function configureSession(options: { goToLogin: () => void }): void {
  goToLogin = options.goToLogin;
}

function connectIfStill(token: string): void {
  if (useSession.getState().token === token) socket.connect(token);
}

/** A stored token at startup: load user info, then open the socket. */
export function resumeSession(token: string): void {
  useSession.setState({ token });
  queryClient.fetchQuery(myInfoQuery).then(
    () => connectIfStill(token),
    // A 401 (or a network failure on /my/) has already ended the session; anything else
    // leaves it alive and the socket worth opening.
    () => connectIfStill(token),
  );
}

/** A fresh token from login or sign-up. Resolves once user info is loaded (or failed to). */
export async function signIn(token: string): Promise<void> {
  resetSessionExpiry();
  writeAuthToken(token);
  useSession.setState({ token });
  queryClient.removeQueries();
  try {
    await queryClient.fetchQuery(myInfoQuery);
  } catch {
    // The Me tab shows the failure and offers a retry.
  }
  connectIfStill(token);
}

function clearStorage(): void {
  try {
    const locale = localStorage.getItem(LOCALE_STORAGE_KEY);
    localStorage.clear();
    if (locale !== null) localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    sessionStorage.clear();
  } catch {
    // Storage unavailable (private mode): nothing to clear.
  }
}

/** Deletes the chats on this device; a failure is only reported (nothing else can be done). */
export function discardDeviceChats(): Promise<void> {
  return discardChatData().catch((error: unknown) =>
    console.error('could not delete the stored chats', error),
  );
}

/**
 * Everything local to the session goes; the server is not asked. Resolves once the stored
 * chats are deleted too (nobody has to wait for that: a new session's store opens after it).
 */
export function clearSession(): Promise<void> {
  socket.close();
  clearAuthToken();
  clearStorage();
  const chatsDeleted = discardDeviceChats();
  queryClient.clear();
  useBadges.getState().clearAll();
  useSession.setState({ token: null });
  return chatsDeleted;
}

/** The session expired (401, 4001, 4002): the request module has toasted once already. */
export function endExpiredSession(): void {
  void clearSession();
  goToLogin();
}

/** Sign out on purpose: revoke the token on the server, then end the session here. */
export async function signOut(): Promise<void> {
  // Close first: the server closes this token's sockets with 4002 on logout, and that must not
  // read as "signed out elsewhere".
  socket.close();
  try {
    await call(logout, {}, { quiet: true });
  } catch {
    // Offline or already expired: the local session ends all the same.
  }
  void clearSession();
  goToLogin();
}
