/**
 * The signed-in session: the token (mirrored from the `auth_token` cookie so React re-renders
 * when it changes), and the ways a session starts and ends. One is made by the bootstrap and
 * reaches screens through <SessionContext>.
 *
 * Start: store the token, load user info, then open the socket (spec 7: "on launch: get user
 * info, then connect the socket").
 * End (sign-out or expiry): close the socket on purpose, clear storage (the interface language
 * stays: it belongs to the device, not the account) and the chats kept in IndexedDB, forget
 * cached server data, go to login.
 */
import { createContext, use } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createStore, useStore, type StoreApi } from 'zustand';
import { logout } from '@paichat/protocol';
import { clearAuthToken, readAuthToken, writeAuthToken } from '../lib/authToken';
import { PI_DIALOG_SEEN_KEY } from '../lib/environment';
import { call, resetSessionExpiry } from '../api/request';
import { myInfoQuery } from '../api/queries/myInfo';
import { LOCALE_STORAGE_KEY } from '../i18n';
import type { SocketClient } from '../realtime/SocketClient';

export interface SessionDeps {
  queryClient: QueryClient;
  socket: Pick<SocketClient, 'connect' | 'close'>;
  /** Deletes the chats kept on this device (resolves when they are gone). */
  discardChats: () => Promise<void>;
  /** Where a finished session goes. */
  goToLogin: () => void;
}

export interface Session {
  /** The token as React reads it. */
  readonly tokens: StoreApi<{ token: string | null }>;
  /** A stored token at startup: load user info, then open the socket. */
  resume(token: string): void;
  /** A fresh token from login or sign-up. Resolves once user info is loaded (or failed to). */
  signIn(token: string): Promise<void>;
  /** Sign out on purpose: revoke the token on the server, then end the session here. */
  signOut(): Promise<void>;
  /** The session expired (401, 4001, 4002): the request module has toasted once already. */
  endExpired(): void;
  /**
   * Everything local to the session goes; the server is not asked. Resolves once the stored
   * chats are deleted too (nobody has to wait for that: a new session's store opens after it).
   */
  clear(): Promise<void>;
  /** Deletes the chats on this device; a failure is only reported (nothing else can be done). */
  discardDeviceChats(): Promise<void>;
}

/** What belongs to the device, not the account: it outlives a session. */
const DEVICE_KEYS = [LOCALE_STORAGE_KEY, PI_DIALOG_SEEN_KEY];

function clearStorage(): void {
  try {
    const kept = DEVICE_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
    sessionStorage.clear();
  } catch {
    // Storage unavailable (private mode): nothing to clear.
  }
}

export function createSession({ queryClient, socket, discardChats, goToLogin }: SessionDeps): Session {
  const tokens = createStore<{ token: string | null }>()(() => ({ token: readAuthToken() }));

  const connectIfStill = (token: string) => {
    if (tokens.getState().token === token) socket.connect(token);
  };

  const discardDeviceChats = () =>
    discardChats().catch((error: unknown) => console.error('could not delete the stored chats', error));

  const clear = () => {
    socket.close();
    clearAuthToken();
    clearStorage();
    const chatsDeleted = discardDeviceChats();
    queryClient.clear();
    tokens.setState({ token: null });
    return chatsDeleted;
  };

  return {
    tokens,
    resume(token) {
      tokens.setState({ token });
      // A 401 has already ended the session; anything else (a network failure too) leaves it
      // alive and the socket worth opening.
      queryClient.fetchQuery(myInfoQuery).then(
        () => connectIfStill(token),
        () => connectIfStill(token),
      );
    },
    async signIn(token) {
      resetSessionExpiry();
      writeAuthToken(token);
      tokens.setState({ token });
      queryClient.removeQueries();
      try {
        await queryClient.fetchQuery(myInfoQuery);
      } catch {
        // The Me tab shows the failure and offers a retry.
      }
      connectIfStill(token);
    },
    async signOut() {
      // Close first: the server closes this token's sockets with 4002 on logout, and that must
      // not read as "signed out elsewhere".
      socket.close();
      try {
        await call(logout, {}, { quiet: true });
      } catch {
        // Offline or already expired: the local session ends all the same.
      }
      void clear();
      goToLogin();
    },
    endExpired() {
      void clear();
      goToLogin();
    },
    clear,
    discardDeviceChats,
  };
}

export const SessionContext = createContext<Session | null>(null);

/** The app's session (from <SessionContext>). */
export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionContext>');
  return session;
}

/** Whether someone is signed in (re-renders when that changes). */
export function useSignedIn(): boolean {
  return useStore(useSession().tokens, (state) => state.token !== null);
}
