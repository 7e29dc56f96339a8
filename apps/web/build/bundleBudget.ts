/**
 * The JavaScript budget of a phone's first page (issue 15): what the login page and the Message
 * tab download before they can draw, gzipped, at most BUDGET_BYTES each. A route's critical
 * path is the entry chunk and its static imports, plus its screen's chunk and that chunk's
 * static imports (Vite's manifest says which); everything else loads on demand.
 *
 * `npm run budget -w apps/web` prints the figures of the last build; the test beside this file
 * builds the app and fails above BUDGET_BYTES, printing the sizes per chunk.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// 150 KiB until the socket's send frames joined the shared protocol (zod schemas the bundler
// cannot drop); the cold-start work is to bring the first page well below it again.
export const BUDGET_BYTES = 151 * 1024;

/** The routes a phone opens first, by the screen module each renders. */
export const BUDGET_ROUTES = {
  'login (/)': 'src/screens/auth/LoginScreen.tsx',
  'Message tab (wx/tabbar1/index)': 'src/screens/messages/ChatListScreen.tsx',
} as const;

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteFigures {
  route: string;
  total: number;
  chunks: { file: string; gzip: number }[];
}

function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

/** The gzipped JavaScript on each budget route's critical path in a build (`dist` with `.vite/manifest.json`). */
export function measureBudget(dist: string): RouteFigures[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gzip = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzip.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
      gzip.set(file, size);
    }
    return size;
  };
  return Object.entries(BUDGET_ROUTES).map(([route, screen]) => {
    const chunks = staticClosure(manifest, ['index.html', screen])
      .map((file) => ({ file, gzip: sizeOf(file) }))
      .sort((a, b) => b.gzip - a.gzip);
    return { route, total: chunks.reduce((sum, c) => sum + c.gzip, 0), chunks };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatBudget(figures: RouteFigures[]): string {
  return figures
    .map(({ route, total, chunks }) =>
      [
        `${route}: ${kb(total)} gzipped JavaScript (budget ${kb(BUDGET_BYTES)})`,
        ...chunks.map((c) => `  ${kb(c.gzip).padStart(9)}  ${c.file}`),
      ].join('\n'),
    )
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = measureBudget(process.argv[2] ?? join(import.meta.dirname, '../dist'));
  console.log(formatBudget(figures));
  if (figures.some((f) => f.total > BUDGET_BYTES)) process.exitCode = 1;
}
