import { Code, ErrorId, type Envelope, type RefusalData } from '@paichat/protocol';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { refusal } from './envelope';

/**
 * The one place errors become envelopes. Business refusals (AppError) answer HTTP 200 with
 * their own body code, except validation (HTTP 400), an expired login (HTTP 401) and a busy
 * server (HTTP 503), which the client treats specially; one worth trying again later (a busy
 * server, a sign-in wait) says when in Retry-After. Anything unexpected is logged with its
 * stack and answered "Internal error": no stack, message or SQL ever reaches the client.
 */
export function toEnvelope(error: unknown): { status: number; body: Envelope<RefusalData> } {
  if (error instanceof AppError) {
    return { status: httpStatusOf(error), body: refusal(error.code, error.message, error.err, error.data) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'request';
    return {
      status: 400,
      body: refusal(Code.BAD_REQUEST, validationMessage(error.validation, context), ErrorId.validation),
    };
  }
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own refusals (malformed JSON, body too large, wrong content type, …).
    const msg = CLIENT_ERROR_MESSAGES[status] ?? 'Bad request';
    return {
      status,
      body: refusal(
        status === 404 ? Code.NOT_FOUND : Code.BAD_REQUEST,
        msg,
        status === 404 ? ErrorId.notFound : ErrorId.validation,
      ),
    };
  }
  return { status: 500, body: refusal(Code.INTERNAL, 'Internal error', ErrorId.internal) };
}

function httpStatusOf(error: AppError): number {
  if (error.err === ErrorId.validation) return 400;
  if (error.err === ErrorId.unauthorized) return 401;
  return error.code === Code.UNAVAILABLE ? 503 : 200;
}

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: 'Malformed request body',
  404: 'Not found',
  413: 'Request body too large',
  415: 'Unsupported content type',
};

interface Issue {
  keyword: string;
  instancePath: string;
  message?: string;
}

/** "chatNo: chatNo must be at least 3 characters": the first problem, naming its field. */
export function validationMessage(issues: readonly Issue[], context: string): string {
  const issue = issues[0];
  if (!issue) return `${context}: invalid`;
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context;
  const message =
    issue.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '')
      ? `${field} is required`
      : (issue.message ?? 'invalid');
  return `${field}: ${message}`;
}

export function sendEnvelope(reply: FastifyReply, status: number, body: Envelope<RefusalData>): FastifyReply {
  // Bypass the route's response schema: a refusal has its own shape.
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer((payload) => JSON.stringify(payload))
    .send(body);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toEnvelope(error);
    if (error instanceof AppError && error.retryAfterSeconds !== undefined)
      void reply.header('retry-after', String(error.retryAfterSeconds));
    if (status >= 500 && !(error instanceof AppError)) request.log.error({ err: error }, 'unexpected error');
    else if (status !== 200) request.log.info({ status, refusal: body.msg }, 'request refused');
    return sendEnvelope(reply, status, body);
  });
}
