import { createReadStream } from 'node:fs';
import multipart from '@fastify/multipart';
import {
  Code,
  envelope,
  ErrorId,
  getUploadLimits,
  UPLOAD_PATH,
  UPLOAD_VIDEO_PATH,
  UploadedFile,
  UploadQuery,
} from '@paichat/protocol';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, UnauthorizedError, ValidationError } from '../../errors';
import { ErrorEnvelope, ok, refusal } from '../../http/envelope';
import { sendEnvelope } from '../../http/error-handler';
import { parseRange } from '../../http/range';
import { RATE_LIMITS } from '../../http/rate-limit';
import { route } from '../../http/route';
import type { Endpoint } from './kinds';
import type { FilesService, StoredFile, UploadSource } from './service';

/** Shown inline: pictures, sound and video. Anything else downloads (never rendered by us). */
const INLINE = /^(image|audio|video)\//;
const CACHE = 'private, max-age=31536000, immutable';

/** RFC 6266: an ASCII fallback and the exact name in UTF-8. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The one `file` part of a multipart upload, cut at the size limit by the parser, and
 * whether its stream failed (a malformed body or a client that went away mid-upload).
 */
async function readFilePart(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ source: UploadSource; streamFailed: () => boolean }> {
  if (!request.isMultipart()) throw new ValidationError('file: send the file as multipart/form-data');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 }, throwFileSizeLimit: false });
  } catch (error) {
    request.log.info({ err: error }, 'malformed multipart upload');
    throw new ValidationError('file: malformed multipart body');
  }
  if (!part) throw new ValidationError('file: file is required');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new ValidationError('file: the file part must be named "file"');
  }
  const stream = part.file;
  let failed = false;
  stream.on('error', () => {
    failed = true;
  });
  return {
    source: { stream, filename: part.filename, truncated: () => stream.truncated },
    // It may have failed before this listener was on: `errored` remembers.
    streamFailed: () => failed || stream.errored !== null,
  };
}

export async function filesRoutes(
  app: FastifyInstance,
  files: FilesService,
  options: { authenticateWithCookie: onRequestAsyncHookHandler },
): Promise<void> {
  // Multipart is understood by the upload routes only; every other route stays JSON.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fields: 10, parts: 20, fieldSize: 1024, headerPairs: 100 },
      throwFileSizeLimit: false,
    });
    const uploads: [string, Endpoint, string][] = [
      [UPLOAD_PATH, 'file', 'Upload an image, voice clip or document (multipart, one `file` part)'],
      [UPLOAD_VIDEO_PATH, 'video', 'Upload a video (multipart, one `file` part)'],
    ];
    for (const [url, endpoint, summary] of uploads) {
      scope.withTypeProvider<ZodTypeProvider>().post(
        url,
        {
          schema: {
            summary,
            tags: ['file'],
            consumes: ['multipart/form-data'],
            ...(endpoint === 'file' ? { querystring: UploadQuery } : {}),
            response: {
              200: envelope(UploadedFile),
              400: ErrorEnvelope,
              401: ErrorEnvelope,
              500: ErrorEnvelope,
            },
            security: [{ token: [] }],
          },
          // Signed in first: an anonymous upload is refused before a byte of it is read.
          onRequest: app.authenticate,
          config: { rateLimit: RATE_LIMITS.upload },
        },
        async (request) => {
          if (!request.auth) throw new UnauthorizedError();
          const { source, streamFailed } = await readFilePart(request, files.maxBytes(endpoint));
          const purpose =
            endpoint === 'file' ? (request.query as z.infer<typeof UploadQuery>).purpose : undefined;
          try {
            return ok(await files.upload(request.auth.userId, source, { endpoint, purpose }));
          } catch (error) {
            // The body broke off or was malformed: the client's doing, not the server's.
            if (!(error instanceof AppError) && streamFailed()) {
              request.log.info({ err: error }, 'upload stream failed');
              throw new ValidationError('file: the upload was interrupted or malformed');
            }
            throw error;
          }
        },
      );
    }
  });

  route(app, getUploadLimits, async () => ({
    uploadMaxBytes: files.maxBytes('file'),
    videoMaxBytes: files.maxBytes('video'),
  }));

  app.withTypeProvider<ZodTypeProvider>().get(
    '/file/:name',
    {
      schema: {
        summary: 'A stored file (signed in: Authorization header or auth_token cookie)',
        tags: ['file'],
        params: z.object({ name: z.string() }),
        security: [{ token: [] }],
      },
      onRequest: options.authenticateWithCookie,
    },
    async (request, reply) => {
      const file: StoredFile | null = await files.open(request.params.name);
      if (!file) return sendEnvelope(reply, 404, refusal(Code.NOT_FOUND, 'Not found', ErrorId.notFound));
      const inline = INLINE.test(file.contentType);
      reply
        .header('content-type', file.contentType)
        .header('cache-control', CACHE)
        .header('accept-ranges', 'bytes')
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.displayName))
        // Even opened directly, a stored file never runs script in our origin.
        .header('content-security-policy', 'sandbox')
        .header('cross-origin-resource-policy', 'same-origin');
      const range = parseRange(request.headers.range, file.size);
      if (range === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${file.size}`)
          .header('content-length', 0)
          .send();
      }
      if (range) {
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(createReadStream(file.path, range));
      }
      return reply.header('content-length', file.size).send(createReadStream(file.path));
    },
  );
}
