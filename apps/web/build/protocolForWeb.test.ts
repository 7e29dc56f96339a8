import { describe, expect, it } from 'vitest';
import { ErrorId, login } from '@paichat/protocol';
import { protocolForWeb } from './protocolForWeb';

describe('the protocol as the web bundles it', () => {
  it(
    'has each endpoint as its route and each constant written out; schemas come from their own files',
    { timeout: 60_000 },
    async () => {
      const source = [...(await protocolForWeb()).values()].join('\n');
      const exported = (name: string) => source.match(new RegExp(`^export const ${name} = (.*);$`, 'm'))?.[1];
      expect(JSON.parse(exported('login') ?? 'null')).toEqual({
        method: login.method,
        path: login.path,
        auth: login.auth,
      });
      expect(JSON.parse(exported('ErrorId') ?? 'null')).toEqual(ErrorId);
      expect(exported('CHAT_NO_PATTERN')).toMatch(/^\/.+\/$/);
      expect(source).toMatch(/^export \{[^}]*\bServerPush\b[^}]*\} from ".*\/protocol\/src\/notices\.ts";$/m);
      expect(source).not.toContain('zod');
    },
  );
});
