/** File classification by extension (spec section 3). */
export type FileKind = 'image' | 'txt' | 'excel' | 'word' | 'pdf' | 'ppt' | 'video' | 'audio' | 'other';

/** In the spec's order. `wmv` is listed under video and again under audio: it is both. */
const TABLE: ReadonlyArray<readonly [FileKind, readonly string[]]> = [
  ['image', ['png', 'jpg', 'jpeg', 'bmp', 'gif']],
  ['txt', ['txt']],
  ['excel', ['xls', 'xlsx']],
  ['word', ['doc', 'docx']],
  ['pdf', ['pdf']],
  ['ppt', ['ppt', 'pptx']],
  ['video', ['mp4', 'm2v', 'mkv', 'rmvb', 'wmv', 'avi', 'flv', 'mov', 'm4v']],
  ['audio', ['mp3', 'wav', 'wmv']],
];

/** The lower-case extension of a file name, path or URL ('' when there is none). */
export function extensionOf(name: string): string {
  const path = name.split(/[?#]/, 1)[0] ?? '';
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Every kind the spec's lists put the file under (`wmv`: video and audio), or ['other']. */
export function fileKinds(name: string): FileKind[] {
  const ext = extensionOf(name);
  const kinds = ext ? TABLE.filter(([, exts]) => exts.includes(ext)).map(([kind]) => kind) : [];
  return kinds.length ? kinds : ['other'];
}

/** The kind a file shows as (its icon): the first the spec lists it under. */
export function fileKind(name: string): FileKind {
  return fileKinds(name)[0] as FileKind;
}
