import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/request';
import { failureOf } from './transport';

describe('failureOf', () => {
  it('tells a refusal from a failure worth retrying', () => {
    expect(failureOf(new ApiError('business', 'No', 200, 404, 'chatNotFound')).kind).toBe('business');
    expect(failureOf(new ApiError('http', 'Request failed', 400)).kind).toBe('business');
    expect(failureOf(new ApiError('http', 'Request failed', 429)).kind).toBe('http');
    expect(failureOf(new ApiError('http', 'Request failed', 502)).kind).toBe('http');
    // A busy server (503) is asked again in a moment.
    expect(failureOf(new ApiError('http', 'Request failed', 503)).kind).toBe('busy');
    // A validation refusal (HTTP 400 with its envelope) is final; a throttle (429) is not.
    expect(failureOf(new ApiError('business', 'text is required', 400, 400, 'validation')).kind).toBe(
      'business',
    );
    expect(failureOf(new ApiError('business', 'Too many attempts', 429, 429)).kind).toBe('http');
    expect(failureOf(new ApiError('http', 'Request failed', 200)).kind).toBe('http');
    expect(failureOf(new ApiError('network', 'Please check your network')).kind).toBe('network');
    expect(failureOf(new TypeError('fetch failed')).kind).toBe('network');
  });

  it('says "An error occurred" for a failure that is no answer of the server, never its own text', () => {
    expect(failureOf(new TypeError("Cannot read properties of undefined (reading 'seq')"))).toEqual({
      kind: 'network',
      message: 'An error occurred',
    });
    expect(failureOf('QuotaExceededError').message).toBe('An error occurred');
  });

  it('reads a quiet network failure on /chat/ as the network, not as an expired login', () => {
    const failure = failureOf(new ApiError('expired', 'Login expired, please login again'));
    expect(failure).toEqual({ kind: 'network', message: 'Please check your network' });
    expect(failureOf(new ApiError('expired', 'Login expired, please login again', 401)).kind).toBe('expired');
  });
});
