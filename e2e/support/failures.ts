/**
 * What a failed e2e test leaves behind: a screenshot of every page it had open and everything
 * those pages wrote on the console (and any uncaught error), under
 * `e2e/artifacts/<file>/<test>/`. Record each context as it is made; `save` writes them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../artifacts');

const safe = (name: string) => name.replace(/[^\w.-]+/g, '-').slice(0, 80);

export class FailureRecorder {
  private readonly contexts: BrowserContext[] = [];
  private readonly consoles = new Map<Page, string[]>();

  /** Records a context and every page opened in it from now on. */
  watch(context: BrowserContext): void {
    this.contexts.push(context);
    const follow = (page: Page) => {
      const lines: string[] = [];
      this.consoles.set(page, lines);
      page.on('console', (message) => lines.push(`[${message.type()}] ${message.text()}`));
      page.on('pageerror', (error) => lines.push(`[pageerror] ${error.stack ?? error.message}`));
    };
    for (const page of context.pages()) follow(page);
    context.on('page', follow);
  }

  /** Writes a screenshot and the console of every page still open; answers the folder. */
  async save(file: string, test: string): Promise<string> {
    const dir = path.join(ARTIFACTS_DIR, safe(path.basename(file)), safe(test));
    await mkdir(dir, { recursive: true });
    let n = 0;
    for (const [page, lines] of this.consoles) {
      n += 1;
      await writeFile(path.join(dir, `page-${n}.console.txt`), `${page.url()}\n${lines.join('\n')}\n`);
      if (!page.isClosed()) await page.screenshot({ path: path.join(dir, `page-${n}.png`), fullPage: true });
    }
    return dir;
  }

  /** Closes what the test left open, and forgets it. */
  async reset(): Promise<void> {
    for (const context of this.contexts.splice(0)) await context.close().catch(() => undefined);
    this.consoles.clear();
  }
}
