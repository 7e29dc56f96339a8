/**
 * The names people give files, made safe to show. A name is for display only (files are
 * stored under random names), but a name can still lie to the person who sees it:
 * - bidirectional controls reorder what is shown: `invoice\u202Efdp.exe` displays as
 *   "invoiceexe.pdf";
 * - invisible format characters hide parts of a name or make two names look alike;
 * - an executable extension invites a double click, and `invoice.pdf.exe` looks like a PDF.
 * So a shown name keeps no format or control character, loses every executable extension at
 * its end, and when nothing is left to say what the file is, gets the extension of what the
 * server found the file to be.
 */

export const DISPLAY_NAME_MAX = 120;

/** Control and format characters (Unicode Cc and Cf: bidi controls, zero-width characters, BOM). */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
/** Characters Windows forbids in names, and markup's angle brackets. */
const RESERVED = /[<>:"|?*]/g;

/** Extensions a desktop opens by running them (Windows, macOS, Linux, Android, Java). */
const EXECUTABLE = new Set([
  'app',
  'apk',
  'appimage',
  'application',
  'bat',
  'bin',
  'cmd',
  'com',
  'command',
  'cpl',
  'deb',
  'dll',
  'dmg',
  'exe',
  'gadget',
  'hta',
  'inf',
  'ins',
  'ipa',
  'isp',
  'jar',
  'js',
  'jse',
  'lnk',
  'msc',
  'msi',
  'msp',
  'pif',
  'pkg',
  'ps1',
  'psm1',
  'reg',
  'rpm',
  'run',
  'scf',
  'scr',
  'sh',
  'shb',
  'shs',
  'url',
  'vb',
  'vbe',
  'vbs',
  'workflow',
  'ws',
  'wsc',
  'wsf',
  'wsh',
]);

const EXTENSION = /\.([A-Za-z0-9]{1,12})$/;

/** Without leading or trailing dots and spaces (a loop: an anchored-at-end pattern is quadratic). */
function trimDotsAndSpaces(name: string): string {
  const edge = (c: string | undefined) => c === '.' || (c !== undefined && c.trim() === '');
  let start = 0;
  let end = name.length;
  while (start < end && edge(name[start])) start += 1;
  while (end > start && edge(name[end - 1])) end -= 1;
  return name.slice(start, end);
}

const extensionOf = (name: string): string | undefined => EXTENSION.exec(name)?.[1]?.toLowerCase();

/**
 * The client's file name, for display: its last path segment, without control, format or
 * reserved characters, leading dots or executable extensions, at most DISPLAY_NAME_MAX
 * characters (keeping the extension). `../../etc/passwd` becomes `passwd`; `''` becomes `file`.
 * `kindExt`, the extension of what the file really is, is added when the name has none left.
 */
export function cleanDisplayName(raw: string, kindExt?: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  let name = base.replace(INVISIBLE, '').replace(RESERVED, '_').trim();
  for (let ext = extensionOf(name); ext !== undefined && EXECUTABLE.has(ext); ext = extensionOf(name))
    name = name.slice(0, -(ext.length + 1)).trimEnd();
  name = trimDotsAndSpaces(name);
  if (name === '') name = 'file';
  if (kindExt && extensionOf(name) === undefined) name = `${name}.${kindExt}`;
  if (name.length <= DISPLAY_NAME_MAX) return name;
  const ext = EXTENSION.exec(name)?.[0] ?? '';
  return name.slice(0, DISPLAY_NAME_MAX - ext.length) + ext;
}
