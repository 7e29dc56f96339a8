/** File classification by extension (spec section 3). */
export type FileKind = 'image' | 'txt' | 'excel' | 'word' | 'pdf' | 'ppt' | 'video' | 'audio' | 'other';

/**
 * In the spec's order. `wmv` is listed under video and again under audio; the first match wins,
 * so it is video.
 */
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

export function fileKind(name: string): FileKind {
  const ext = extensionOf(name);
  if (!ext) return 'other';
  for (const [kind, exts] of TABLE) if (exts.includes(ext)) return kind;
  return 'other';
}
