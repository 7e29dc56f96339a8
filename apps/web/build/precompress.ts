/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build,
 * at the highest levels, once per build: the server sends them as they are (@fastify/static's
 * `preCompressed`), so no request pays for compression and each gets the smallest file.
 * node:zlib only, nothing to download.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Smaller files gain nothing worth a second file. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

export function precompress(dir: string): number {
  let written = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    written += 1;
  }
  return written;
}

/** The Vite plugin: after the bundle is written (and any later plugin's files), compress the output. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'paichat:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        precompress(outDir);
      },
    },
  };
}
