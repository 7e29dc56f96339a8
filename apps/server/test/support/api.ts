import { get, post, type ApiResponse } from './http';

/** Calls the API as one signed-in user (one device: its token). */
export function as(baseUrl: string, user: { token: string }) {
  return {
    get: <T = unknown>(path: string, query?: Record<string, string>): Promise<ApiResponse<T>> =>
      get<T>(baseUrl, path, { token: user.token, ...(query ? { query } : {}) }),
    post: <T = unknown>(path: string, body?: unknown): Promise<ApiResponse<T>> =>
      post<T>(baseUrl, path, { token: user.token, ...(body === undefined ? {} : { body }) }),
  };
}

export type As = ReturnType<typeof as>;
