import { describe, expect, it } from 'vitest';
import { preloadDeps } from './preloadDeps';

const chunk = (...imports: string[]) => ({ type: 'chunk' as const, imports });

describe('preloads of a lazily loaded chunk', () => {
  it('leave out the chunks its importer imports statically, however deep', () => {
    const { plugin, resolveDependencies } = preloadDeps();
    const bundle = {
      'index.js': chunk('react.js', 'i18n.js'),
      'i18n.js': chunk('runtime.js'),
      'react.js': chunk(),
      'runtime.js': chunk(),
      'screen.js': chunk('react.js', 'runtime.js', 'avatar.js'),
      'avatar.js': chunk('react.js'),
      'style.css': { type: 'asset' as const },
    };
    const generate = plugin.generateBundle as unknown as { handler(options: unknown, bundle: unknown): void };
    generate.handler({}, bundle);
    const deps = ['screen.js', 'react.js', 'runtime.js', 'avatar.js'];
    expect(resolveDependencies('screen.js', deps, { hostId: 'index.js', hostType: 'js' })).toEqual([
      'screen.js',
      'avatar.js',
    ]);
    // index.html loads nothing before it: its list stays whole.
    expect(resolveDependencies('index.js', deps, { hostId: 'index.html', hostType: 'html' })).toEqual(deps);
  });
});
