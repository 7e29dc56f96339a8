/**
 * What a lazily loaded chunk has the browser preload with it (Vite's `__vite__mapDeps` list, in
 * the chunk that imports it), without the chunks its importer imports statically: those have
 * loaded before the importer runs. The app's entry loads every screen, so without this it lists
 * React, i18next, the router… again for each; ~1 KB gzipped of the first page (the bundle budget).
 */
import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite';

interface ChunkGraph {
  [file: string]: { type: 'chunk'; imports: string[] } | { type: 'asset' };
}

/** The chunks `file` imports statically, itself included. */
export function staticImports(bundle: ChunkGraph, file: string, seen = new Set<string>()): Set<string> {
  const entry = bundle[file];
  if (seen.has(file) || entry?.type !== 'chunk') return seen;
  seen.add(file);
  for (const next of entry.imports) staticImports(bundle, next, seen);
  return seen;
}

export function preloadDeps(): { plugin: Plugin; resolveDependencies: ResolveModulePreloadDependenciesFn } {
  let bundle: ChunkGraph = {};
  const loaded = new Map<string, Set<string>>();
  return {
    plugin: {
      name: 'paichat:preload-deps',
      apply: 'build',
      // Before Vite's own generateBundle writes the lists (it asks resolveDependencies).
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output as unknown as ChunkGraph;
          loaded.clear();
        },
      },
    },
    resolveDependencies(_file, deps, { hostId, hostType }) {
      if (hostType !== 'js') return deps;
      let had = loaded.get(hostId);
      if (!had) loaded.set(hostId, (had = staticImports(bundle, hostId)));
      return deps.filter((dep) => !had.has(dep));
    },
  };
}
