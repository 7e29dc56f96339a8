import type { $ZodType, $ZodTypes } from 'zod/v4/core';
import type { Endpoint } from './endpoint';

export const isSchema = (value: unknown): value is $ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

export const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'path' in value &&
  isSchema((value as Endpoint).request) &&
  isSchema((value as Endpoint).response);

/** The endpoints among a module's exports (`import * as protocol from '@paichat/protocol'`). */
export const endpointsIn = (exports: object): Endpoint[] =>
  (Object.values(exports) as unknown[]).filter(isEndpoint);

/** Where a string sits in a value: object keys, `[]` for array items, `{}` for record keys or values. */
export type SchemaPath = readonly string[];

export interface StringSchema {
  path: SchemaPath;
  schema: $ZodType;
}

/**
 * Every string schema inside a schema, through objects, arrays, tuples, records, maps, sets,
 * unions (discriminated ones too), intersections, optionals, nullables, defaults, catches,
 * pipes and lazies. A kind of schema it does not know is an error, not a silent skip: the
 * checks that walk the contract with it (no super-linear string check, no string without a
 * maximum) must not miss a string hidden in something new.
 */
export function stringSchemas(root: $ZodType): StringSchema[] {
  const found: StringSchema[] = [];
  // The schemas being walked into: a lazy one that contains itself is walked once.
  const open = new Set<$ZodType>();
  const visit = (schema: $ZodType, path: SchemaPath): void => {
    if (open.has(schema)) return;
    open.add(schema);
    try {
      walk(schema, path);
    } finally {
      open.delete(schema);
    }
  };
  const walk = (schema: $ZodType, path: SchemaPath): void => {
    const def = (schema as $ZodTypes)._zod.def;
    switch (def.type) {
      case 'string':
        found.push({ path, schema });
        return;
      case 'object':
        for (const [key, value] of Object.entries(def.shape)) visit(value, [...path, key]);
        if (def.catchall) visit(def.catchall, [...path, '{}']);
        return;
      case 'array':
        return visit(def.element, [...path, '[]']);
      case 'tuple':
        def.items.forEach((item, index) => visit(item, [...path, String(index)]));
        if (def.rest) visit(def.rest, [...path, '[]']);
        return;
      case 'record':
      case 'map':
        visit(def.keyType, [...path, '{}']);
        return visit(def.valueType, [...path, '{}']);
      case 'set':
        return visit(def.valueType, [...path, '[]']);
      case 'union':
        for (const option of def.options) visit(option, path);
        return;
      case 'intersection':
        visit(def.left, path);
        return visit(def.right, path);
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'catch':
      case 'readonly':
      case 'success':
      case 'promise':
        return visit(def.innerType, path);
      case 'pipe':
        visit(def.in, path);
        return visit(def.out, path);
      case 'lazy':
        return visit(def.getter(), path);
      case 'number':
      case 'boolean':
      case 'bigint':
      case 'symbol':
      case 'null':
      case 'undefined':
      case 'void':
      case 'never':
      case 'any':
      case 'unknown':
      case 'date':
      case 'nan':
      case 'enum':
      case 'literal':
      case 'transform':
      case 'custom':
      case 'file':
        return;
      default:
        throw new Error(`stringSchemas: no walk for a ${def.type} schema at ${path.join('.') || '(root)'}`);
    }
  };
  visit(root, []);
  return found;
}
