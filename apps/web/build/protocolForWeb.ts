/**
 * What `@paichat/protocol` is in the web's build: the same exports, with every endpoint as
 * its route alone ({method, path, auth}) and every plain constant written out, so neither
 * brings zod along; schemas and functions are re-exported from the protocol file that defines
 * them, to be loaded where they are used, after the first page (docs/web-layers.md).
 *
 * A dynamic `import('@paichat/protocol')` gets the protocol as it is, schemas and all, in a
 * chunk of its own: that is how first-page code validates once it has drawn (the socket's pushes).
 *
 * The module is made at build time from the protocol itself, so nothing is written twice and
 * TypeScript still checks the web against the protocol's own types. The dev server and the
 * tests use the protocol as it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const PROTOCOL_SRC = join(import.meta.dirname, '../../../packages/protocol/src');
const WEB_SRC = join(import.meta.dirname, '../src');
const ID = '\0paichat:protocol-for-web';

function isPlain(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (value instanceof RegExp) return true;
  if (Array.isArray(value)) return value.every(isPlain);
  return (
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.values(value as object).every(isPlain)
  );
}

function literal(value: unknown): string {
  if (value instanceof RegExp) return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, v]) => `${JSON.stringify(key)}: ${literal(v)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

const isEndpoint = (value: unknown): value is { method: string; path: string; auth: boolean } =>
  !!value && typeof value === 'object' && 'method' in value && 'path' in value && 'request' in value;

/** The module's source, from the protocol's index (`export * from './x'`, in its order). */
export async function protocolForWeb(src = PROTOCOL_SRC): Promise<string> {
  const files = [
    ...readFileSync(join(src, 'index.ts'), 'utf8').matchAll(/export \* from '\.\/([\w-]+)'/g),
  ].map((m) => join(src, `${m[1]}.ts`));
  const lines: string[] = [];
  const done = new Set<string>();
  for (const file of files) {
    const exports = (await tsImport(file, import.meta.url)) as Record<string, unknown>;
    const kept: string[] = [];
    for (const [name, value] of Object.entries(exports)) {
      if (done.has(name)) continue;
      done.add(name);
      if (isEndpoint(value)) {
        const { method, path, auth } = value;
        lines.push(`export const ${name} = ${literal({ method, path, auth })};`);
      } else if (isPlain(value)) lines.push(`export const ${name} = ${literal(value)};`);
      else kept.push(name);
    }
    if (kept.length) lines.push(`export { ${kept.join(', ')} } from ${JSON.stringify(file)};`);
  }
  return lines.join('\n');
}

/** The app's own modules import the web's protocol statically; everything else gets the real one. */
export function protocolForWebPlugin(): Plugin {
  let source: Promise<string> | undefined;
  return {
    name: 'paichat:protocol-for-web',
    apply: 'build',
    enforce: 'pre',
    resolveId(id, importer, options) {
      if (id !== '@paichat/protocol' || !importer?.startsWith(WEB_SRC)) return null;
      return options.kind === 'dynamic-import' ? null : ID;
    },
    load(id) {
      if (id !== ID) return null;
      source ??= protocolForWeb();
      return source;
    },
  };
}
