/**
 * Builds the service worker (src/sw/serviceWorker.ts and what it imports, bundled into one
 * classic script: a module worker would not start in every browser) beside the app as
 * `/sw.js`, with the list of files to precache (every file of this build and of public/, the
 * shell as `/`) and a version that changes whenever any of them does. The server sends
 * `/sw.js` with no-cache, so a deploy is noticed on the next visit.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

const SOURCE = join(import.meta.dirname, '../src/sw/serviceWorker.ts');
/** Not worth a place in every phone's cache: compressed twins, the build's own records, maps. */
const LEFT_OUT = /(?:^\.vite\/|\.(?:br|gz|map)$|^sw\.js$)/;

async function bundledWorker(): Promise<string> {
  const result = await build({
    configFile: false,
    envFile: false,
    publicDir: false,
    logLevel: 'silent',
    build: {
      write: false,
      rolldownOptions: { input: SOURCE, output: { format: 'iife' } },
    },
  });
  const [output] = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = output?.output.find((item) => item.type === 'chunk');
  if (!chunk) throw new Error('the service worker build made no script');
  return chunk.code;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

export function serviceWorkerPlugin(): Plugin {
  let publicDir = '';
  return {
    name: 'paichat:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      const files: string[] = [];
      for (const [fileName, item] of Object.entries(bundle)) {
        if (LEFT_OUT.test(fileName)) continue;
        files.push(fileName);
        hash.update(fileName).update(item.type === 'chunk' ? item.code : item.source);
      }
      const publicFiles = publicDir
        ? filesUnder(publicDir).map((file) => relative(publicDir, file).split(sep).join('/'))
        : [];
      for (const file of publicFiles) hash.update(file).update(readFileSync(join(publicDir, file)));
      const urls = [...files, ...publicFiles]
        .filter((file) => !LEFT_OUT.test(file))
        .map((file) => (file === 'index.html' ? '/' : `/${file}`))
        .sort();
      const code = await bundledWorker();
      const source = [
        `const PRECACHE = ${JSON.stringify(urls)};`,
        `const VERSION = ${JSON.stringify(hash.digest('hex').slice(0, 16))};`,
        code,
      ].join('\n');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
