import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { pathParamNames, splitRequestSchema } from './route';

describe('path parameters', () => {
  it('are read from the path', () => {
    expect(pathParamNames('/friend/info/:id')).toEqual(['id']);
    expect(pathParamNames('/a/:first/b/:second_2')).toEqual(['first', 'second_2']);
    expect(pathParamNames('/my/getInfo')).toEqual([]);
  });

  it('split the request schema between the path and the rest', () => {
    const request = z.object({ id: z.string().regex(/^\d+$/), verbose: z.string().optional() });
    const { params, rest } = splitRequestSchema({ path: '/thing/:id', request });
    expect(Object.keys(params?.shape ?? {})).toEqual(['id']);
    expect(params?.safeParse({ id: '12' }).success).toBe(true);
    expect(params?.safeParse({ id: 'x' }).success).toBe(false);
    expect((rest as z.ZodObject).shape).not.toHaveProperty('id');
    expect(rest.safeParse({ verbose: 'yes' }).success).toBe(true);
  });

  it('leave a request without path parameters alone', () => {
    const request = z.object({ chatNo: z.string() });
    expect(splitRequestSchema({ path: '/friend/search', request })).toEqual({ params: null, rest: request });
  });

  it('fail at registration when the contract does not name them', () => {
    expect(() =>
      splitRequestSchema({ path: '/thing/:id', request: z.object({ other: z.string() }) }),
    ).toThrow(/no key for :id/);
    expect(() => splitRequestSchema({ path: '/thing/:id', request: z.string() })).toThrow(
      /must be a z.object/,
    );
  });
});
