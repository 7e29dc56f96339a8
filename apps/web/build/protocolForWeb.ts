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

/**
 * The modules' sources by id: the protocol's index (`ID`, from its `export * from './x'` lines,
 * in their order) and, for each protocol file, its routes and constants (`ID/x`), so a chunk
 * holds only those of the files it uses.
 */
export async function protocolForWeb(src = PROTOCOL_SRC): Promise<Map<string, string>> {
  const files = [
    ...readFileSync(join(src, 'index.ts'), 'utf8').matchAll(/export \* from '\.\/([\w-]+)'/g),
  ].map((m) => m[1]!);
  const modules = new Map<string, string>();
  const index: string[] = [];
  const done = new Set<string>();
  for (const name of files) {
    const file = join(src, `${name}.ts`);
    const exports = (await tsImport(file, import.meta.url)) as Record<string, unknown>;
    const written: string[] = [];
    const kept: string[] = [];
    for (const [key, value] of Object.entries(exports)) {
      if (done.has(key)) continue;
      done.add(key);
      if (isEndpoint(value)) {
        const { method, path, auth } = value;
        written.push(`export const ${key} = ${literal({ method, path, auth })};`);
      } else if (isPlain(value)) written.push(`export const ${key} = ${literal(value)};`);
      else kept.push(key);
    }
    if (written.length) {
      modules.set(`${ID}/${name}`, written.join('\n'));
      const names = written.map((line) => line.split(' ')[2]);
      index.push(`export { ${names.join(', ')} } from ${JSON.stringify(`${ID}/${name}`)};`);
    }
    if (kept.length) index.push(`export { ${kept.join(', ')} } from ${JSON.stringify(file)};`);
  }
  modules.set(ID, index.join('\n'));
  return modules;
}

/** The app's own modules import the web's protocol statically; everything else gets the real one. */
export function protocolForWebPlugin(): Plugin {
  let modules: Promise<Map<string, string>> | undefined;
  return {
    name: 'paichat:protocol-for-web',
    apply: 'build',
    enforce: 'pre',
    resolveId(id, importer, options) {
      if (id.startsWith(ID)) return id;
      if (id !== '@paichat/protocol' || !importer?.startsWith(WEB_SRC)) return null;
      return options.kind === 'dynamic-import' ? null : ID;
    },
    async load(id) {
      if (!id.startsWith(ID)) return null;
      modules ??= protocolForWeb();
      return (await modules).get(id) ?? null;
    },
  };
}
