/**
 * For screen tests of how text is laid out: jsdom draws nothing (no widths), but its
 * getComputedStyle follows the page's style sheets, and Vitest loads no CSS. This puts a CSS
 * module's rules into the page under the class names the test build gives the module, so a test
 * can read, say, whether a text wraps or is cut with an ellipsis. Returns what takes them out.
 *
 *   const remove = addModuleCss(join(import.meta.dirname, 'InfoList.module.css'), s);
 */
import { readFileSync } from 'node:fs';

export function addModuleCss(file: string, classes: Readonly<Record<string, string>>): () => void {
  const rules = readFileSync(file, 'utf8').replace(/\.([A-Za-z][\w-]*)/g, (plain: string, name: string) =>
    classes[name] ? `.${classes[name]}` : plain,
  );
  const style = document.createElement('style');
  style.textContent = rules;
  document.head.append(style);
  return () => style.remove();
}
