import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import * as protocol from './index';
import { endpointsIn, isEndpoint, isSchema, stringSchemas, type StringSchema } from './schema-walk';

/**
 * The contract against long, hostile strings: every string schema the protocol exports (in
 * requests, responses, socket frames and content shapes) must validate in linear time, and
 * every string a request carries must stop at its maximum before anything else looks at it.
 * One pattern that backtracks (`/(?=.*\d)(?=.*[A-Za-z])/` once did) lets a single anonymous
 * request hold the server's only thread for minutes.
 */

const endpoints = endpointsIn(protocol);

/** Every exported schema, each endpoint's request and response, and schemas grouped in an object. */
function exportedSchemas(): [string, $ZodType][] {
  const roots: [string, $ZodType][] = [];
  for (const [name, value] of Object.entries(protocol) as [string, unknown][]) {
    if (isSchema(value)) roots.push([name, value]);
    else if (isEndpoint(value)) {
      roots.push([`${value.path} request`, value.request], [`${value.path} response`, value.response]);
      if (value.headers) roots.push([`${value.path} headers`, value.headers]);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value))
        if (isSchema(inner)) roots.push([`${name}.${key}`, inner]);
    }
  }
  return roots;
}

/** Each string schema once, named by the first place it was found. */
function allStringSchemas(): { name: string; schema: $ZodType }[] {
  const unique = new Map<$ZodType, string>();
  for (const [root, schema] of exportedSchemas()) {
    for (const found of stringSchemas(schema)) {
      if (!unique.has(found.schema))
        unique.set(found.schema, `${root}: ${found.path.join('.') || '(itself)'}`);
    }
  }
  return [...unique].map(([schema, name]) => ({ name, schema }));
}

/** Long inputs that make backtracking patterns and careless scans work hardest. */
const FAMILIES: Record<string, (n: number) => string> = {
  letters: (n) => 'A'.repeat(n),
  digits: (n) => '1'.repeat(n),
  'letters and digits': (n) => 'a1'.repeat(n / 2),
  spaces: (n) => ' '.repeat(n),
  tabs: (n) => '\t'.repeat(n),
  'spaces around a letter': (n) => `${' '.repeat(n / 2 - 1)}a${' '.repeat(n / 2)}`,
  hyphens: (n) => '-'.repeat(n),
  underscores: (n) => '_'.repeat(n),
  dots: (n) => '.'.repeat(n),
  'letters, then a character no pattern takes': (n) => `${'a'.repeat(n - 1)}!`,
  'digits, then a letter': (n) => `${'1'.repeat(n - 1)}a`,
  'letters, then NUL': (n) => `${'a'.repeat(n - 1)}\0`,
  'a file path that never ends': (n) => `/file/${'a'.repeat(n - 6)}`,
  'lone surrogates': (n) => '\ud800'.repeat(n),
  emoji: (n) => '\u{1f600}'.repeat(n / 2),
};

/** Input sizes, each four times the last, up to 1 MiB (the largest body Fastify would read by default). */
const SIZES = [1024, 4096, 16_384, 65_536, 262_144, 1_048_576];
/**
 * What linear time may cost: a fixed allowance for timer and scheduling noise, plus 250 ms per
 * MiB (a linear scan takes a few ms per MiB, so this is ~100× slack), or 100 times a plain
 * linear scan of the same input timed just before, whichever is more. The second term follows
 * the machine: when other work slows every scan tenfold, the allowance grows with it, while a
 * quadratic check still breaks it by orders of magnitude (it passes 4 KiB in about 20 ms and
 * breaks the fixed bound at 16 KiB, ~250 ms).
 */
const budgetMs = (value: string) =>
  Math.max(25 + (250 * value.length) / 1_048_576, 100 * bestMs(() => LINEAR_SCAN.test(value)));
/** Reads every character once and never backtracks. */
const LINEAR_SCAN = /\0{2}/;

const inputs = new Map<string, string>();
const input = (family: string, size: number): string => {
  const key = `${family}/${size}`;
  let value = inputs.get(key);
  if (value === undefined) {
    value = (FAMILIES[family] as (n: number) => string)(size);
    inputs.set(key, value);
  }
  return value;
};

/** The best of three: one slow run is the machine's doing, three are the schema's. */
function bestMs(run: () => unknown): number {
  let best = Infinity;
  for (let round = 0; round < 3; round += 1) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/**
 * The first input on which a schema took longer than linear time, or null. Sizes grow one
 * step at a time and the walk stops at the first that breaks its budget, so a quadratic check
 * is caught at a size where it costs a fraction of a second rather than minutes.
 */
function superLinear(schema: $ZodType): { family: string; size: number; ms: number } | null {
  for (const family of Object.keys(FAMILIES)) {
    for (const size of SIZES) {
      const value = input(family, size);
      const ms = bestMs(() => z.safeParse(schema, value));
      if (ms > budgetMs(value)) return { family, size, ms: Math.round(ms) };
    }
  }
  return null;
}

describe('hostile strings', () => {
  const strings = allStringSchemas();

  it('finds the strings of every request, response and frame', () => {
    expect(endpoints.length).toBeGreaterThan(40);
    expect(strings.length).toBeGreaterThan(100);
    const names = strings.map((s) => s.name);
    expect(names).toContain('NewPassword: (itself)');
    const sendPaths = stringSchemas(protocol.sendMsg.request).map((s) => s.path.join('.'));
    expect(sendPaths).toEqual(
      expect.arrayContaining(['userId', 'clientMsgId', 'content.text', 'content.favoriteId']),
    );
  });

  it('catches a check that backtracks (the detector itself works)', () => {
    // eslint-disable-next-line regexp/no-super-linear-move -- the very pattern this file guards against
    const backtracking = z.string().regex(/(?=.*\d)(?=.*[A-Za-z])/);
    expect(superLinear(backtracking)).toMatchObject({ family: 'letters' });
  });

  it(
    'validates every string schema in linear time, up to 1 MiB of hostile input',
    { timeout: 120_000 },
    () => {
      const slow = strings.flatMap(({ name, schema }) => {
        const found = superLinear(schema);
        return found ? [`${name}: ${found.ms} ms on ${found.size} × ${found.family}`] : [];
      });
      expect(slow).toEqual([]);
    },
  );

  it('stops every request string at its maximum before any other check runs', () => {
    const unbounded: string[] = [];
    for (const endpoint of endpoints) {
      const strings = [endpoint.request, ...(endpoint.headers ? [endpoint.headers] : [])].flatMap(
        (part) => stringSchemas(part) as StringSchema[],
      );
      for (const { path, schema } of strings) {
        const first = schema._zod.def.checks?.[0]?._zod.def as
          { check?: string; maximum?: number; abort?: boolean } | undefined;
        const bounded = first?.check === 'max_length' && first.abort === true && first.maximum !== undefined;
        if (!bounded) unbounded.push(`${endpoint.path}: ${path.join('.')}`);
      }
    }
    expect(unbounded).toEqual([]);
  });
});
