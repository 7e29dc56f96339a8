/**
 * What a stored file is, decided from its bytes only: the client's content type and file name
 * never decide anything (the name only picks between the legacy Office formats, which share
 * one container). Everything not listed here is refused, and markup (SVG, HTML, XML, script)
 * is refused explicitly: file-type does not detect it, and served from our origin it could run
 * script, whatever extension it came with.
 */
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { FileTypeNotAllowedError } from '../../errors';

export type Category = 'image' | 'audio' | 'document' | 'text' | 'video';
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'bmp';
export type Endpoint = 'file' | 'video';

export interface Kind {
  category: Category;
  /** The stored file's extension. */
  ext: string;
  contentType: string;
  /** For images: how to decode it. */
  imageFormat?: ImageFormat;
}

const IMAGES: Record<string, Kind> = {
  jpg: { category: 'image', ext: 'jpg', contentType: 'image/jpeg', imageFormat: 'jpeg' },
  png: { category: 'image', ext: 'png', contentType: 'image/png', imageFormat: 'png' },
  gif: { category: 'image', ext: 'gif', contentType: 'image/gif', imageFormat: 'gif' },
  webp: { category: 'image', ext: 'webp', contentType: 'image/webp', imageFormat: 'webp' },
  bmp: { category: 'image', ext: 'bmp', contentType: 'image/bmp', imageFormat: 'bmp' },
};

const AUDIO: Record<string, Kind> = {
  mp3: { category: 'audio', ext: 'mp3', contentType: 'audio/mpeg' },
  wav: { category: 'audio', ext: 'wav', contentType: 'audio/wav' },
  ogg: { category: 'audio', ext: 'ogg', contentType: 'audio/ogg' },
  oga: { category: 'audio', ext: 'ogg', contentType: 'audio/ogg' },
  opus: { category: 'audio', ext: 'opus', contentType: 'audio/ogg' },
  // Browsers record voice as WebM/Opus; on /file/upload a WebM is taken as audio.
  webm: { category: 'audio', ext: 'webm', contentType: 'audio/webm' },
  m4a: { category: 'audio', ext: 'm4a', contentType: 'audio/mp4' },
  aac: { category: 'audio', ext: 'aac', contentType: 'audio/aac' },
  // The spec lists wmv under audio as well as video: on /file/upload a Windows Media file is audio.
  asf: { category: 'audio', ext: 'wmv', contentType: 'audio/x-ms-wma' },
};

const DOCUMENTS: Record<string, Kind> = {
  pdf: { category: 'document', ext: 'pdf', contentType: 'application/pdf' },
  docx: {
    category: 'document',
    ext: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: {
    category: 'document',
    ext: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  pptx: {
    category: 'document',
    ext: 'pptx',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
};

/** doc, xls and ppt are all OLE compound files ("cfb"): the name tells which it claims to be. */
const LEGACY_OFFICE: Record<string, Kind> = {
  doc: { category: 'document', ext: 'doc', contentType: 'application/msword' },
  xls: { category: 'document', ext: 'xls', contentType: 'application/vnd.ms-excel' },
  ppt: { category: 'document', ext: 'ppt', contentType: 'application/vnd.ms-powerpoint' },
};

const VIDEOS: Record<string, Kind> = {
  mp4: { category: 'video', ext: 'mp4', contentType: 'video/mp4' },
  webm: { category: 'video', ext: 'webm', contentType: 'video/webm' },
  mov: { category: 'video', ext: 'mov', contentType: 'video/quicktime' },
  mkv: { category: 'video', ext: 'mkv', contentType: 'video/x-matroska' },
  avi: { category: 'video', ext: 'avi', contentType: 'video/x-msvideo' },
  flv: { category: 'video', ext: 'flv', contentType: 'video/x-flv' },
  asf: { category: 'video', ext: 'wmv', contentType: 'video/x-ms-wmv' },
  m4v: { category: 'video', ext: 'm4v', contentType: 'video/x-m4v' },
};

export const TEXT_KIND: Kind = { category: 'text', ext: 'txt', contentType: 'text/plain; charset=utf-8' };

/**
 * Tags and prologues a browser would treat as a document or script. Looked for anywhere in a
 * text file, not only at its start: a sniffing browser looks further than the first byte.
 */
const MARKUP =
  /<\s*(?:!doctype|\?xml|svg|html|head|body|script|iframe|frame|frameset|object|embed|applet|meta|base|link|style|math|xsl:|x:xmpmeta)[\s/>]|javascript\s*:/i;

export const looksLikeMarkup = (text: string): boolean => MARKUP.test(text);

const extensionOf = (name: string): string => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** What the bytes of a file are, as one of the kinds this endpoint accepts; refuses anything else. */
export async function sniff(filePath: string, originalName: string, endpoint: Endpoint): Promise<Kind> {
  const detected = await fileTypeFromFile(filePath);
  if (!detected) {
    if (endpoint === 'file' && (await inspectText(filePath)) === 'text') return TEXT_KIND;
    throw new FileTypeNotAllowedError();
  }
  const ext = detected.ext as string;
  if (endpoint === 'video') {
    const video = VIDEOS[ext];
    if (!video) throw new FileTypeNotAllowedError('Only videos can be uploaded here');
    return video;
  }
  if (ext === 'cfb') {
    const legacy = LEGACY_OFFICE[extensionOf(originalName)];
    if (legacy) return legacy;
    throw new FileTypeNotAllowedError();
  }
  const kind = IMAGES[ext] ?? AUDIO[ext] ?? DOCUMENTS[ext];
  if (!kind) throw new FileTypeNotAllowedError(VIDEOS[ext] ? 'Please upload videos as video' : undefined);
  return kind;
}

const CHUNK = 64 * 1024;
/** How much of the previous chunk is kept, so a tag split across two chunks is still seen. */
const OVERLAP = 64;

/**
 * Plain UTF-8 text without NULs and without markup: 'text'. Invalid UTF-8 or a NUL byte:
 * 'binary'. Reads the file in chunks; never holds more than one in memory.
 */
export async function inspectText(filePath: string): Promise<'text' | 'binary' | 'markup'> {
  const handle = await open(filePath, 'r');
  try {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const buffer = Buffer.alloc(CHUNK);
    let tail = '';
    let total = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
      const last = bytesRead === 0;
      const bytes = buffer.subarray(0, bytesRead);
      if (bytes.includes(0)) return 'binary';
      let text: string;
      try {
        text = decoder.decode(bytes, { stream: !last });
      } catch {
        return 'binary';
      }
      if (looksLikeMarkup(tail + text)) return 'markup';
      tail = (tail + text).slice(-OVERLAP);
      total += bytesRead;
      if (last) return total === 0 ? 'binary' : 'text';
    }
  } finally {
    await handle.close();
  }
}
