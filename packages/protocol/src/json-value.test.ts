import { describe, expect, it } from 'vitest';
import { jsonObject, jsonProblem } from './json-value';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i += 1) value = i % 2 === 0 ? { a: value } : [value];
  return value;
};

describe('free-form JSON content', () => {
  it('takes objects, arrays and scalars up to the depth bound', () => {
    const value = { title: 'Note', tags: ['a', 'b'], meta: { size: 3, shared: true, by: null } };
    expect(jsonProblem(value, 3)).toBeNull();
    expect(jsonProblem(nested(4), 4)).toBeNull();
  });

  it('refuses one level too deep, naming where', () => {
    expect(jsonProblem({ a: { b: { c: {} } } }, 3)).toEqual({
      path: ['a', 'b', 'c'],
      message: 'must be nested at most 3 levels deep',
    });
    expect(jsonProblem([[['x']]], 2)).toMatchObject({ path: [0, 0] });
  });

  it('refuses thousands of levels at once, without recursion', () => {
    let value: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) value = { a: value };
    expect(jsonProblem(value, 8)?.path).toHaveLength(8);
    expect(jsonObject({ maxDepth: 8, keyMax: 64 }).safeParse(value).error?.issues[0]?.message).toBe(
      'must be nested at most 8 levels deep',
    );
  });

  it('refuses control characters in strings and keys, keeping line breaks in strings', () => {
    expect(jsonProblem({ note: 'one\ntwo' }, 2)).toBeNull();
    expect(jsonProblem({ note: ['ok', 'bad\0'] }, 3)).toEqual({
      path: ['note', 1],
      message: 'must not contain control characters or invalid Unicode',
    });
    expect(jsonProblem({ inner: { 'k\0': 1 } }, 3)?.path).toEqual(['inner', 'k\0']);
  });

  it('refuses what JSON cannot hold', () => {
    for (const bad of [{ a: undefined }, { a: Number.NaN }, { a: new Date(0) }, { a: () => 1 }])
      expect(jsonProblem(bad, 3)?.message).toBe('must be a JSON value');
  });

  it('bounds the top-level keys like any request string', () => {
    const schema = jsonObject({ maxDepth: 2, keyMax: 4 });
    expect(schema.safeParse({ abcd: 1 }).success).toBe(true);
    expect(schema.safeParse({ abcde: 1 }).success).toBe(false);
  });
});
