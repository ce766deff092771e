import { STATUS_CODES } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import type { Duplex } from 'node:stream';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@bazaar/shared/errors';
import { NAMES_NO_RECORD } from '@bazaar/shared/fields';
import { AppError, codeForStatus, validationFailure } from '../errors/app-error.ts';

const PART_NAMES: Record<string, string> = {
  querystring: 'query parameter',
  params: 'path parameter',
  body: 'body field',
  headers: 'header',
};

function validationError(
  error: Omit<FastifyError, 'validation'> & { validation: FastifySchemaValidationError[] },
): ApiError {
  const part = PART_NAMES[error.validationContext ?? ''] ?? 'field';
  const details = error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const text = issue.message ?? 'is invalid';
    const message =
      issue.keyword === 'unrecognized_keys' ? text.replace(/^Unrecognized key/, `Unknown ${part}`) : text;
    return { path, message };
  });
  return validationFailure(part, details);
}

/** The issue of a path id that names no record (`recordIdParam`), if the refused part is the path. */
function unknownRecord(
  error: Omit<FastifyError, 'validation'> & { validation: FastifySchemaValidationError[] },
): FastifySchemaValidationError | undefined {
  if (error.validationContext !== 'params') return undefined;
  return error.validation.find((issue) => isDeepStrictEqual(issue.params.params, NAMES_NO_RECORD));
}

/** The one place errors become HTTP answers: JSON `{error, message, details?}`, unknown errors hidden behind a logged 500. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      // A dependency that is down: the client reads a plain message, the log keeps what went wrong.
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      const body: ApiError = {
        error: error.code,
        message: error.message,
        details: error.details,
        ...error.answer,
      };
      return reply
        .status(error.status)
        .headers(error.headers ?? {})
        .send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that names no record is not found, as one naming a record that is gone.
      const unknown = unknownRecord(error);
      if (unknown) {
        const body: ApiError = { error: 'NOT_FOUND', message: unknown.message ?? 'Not found' };
        return reply.status(404).send(body);
      }
      return reply.status(400).send(validationError(error));
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type...) carry a 4xx status.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const body: ApiError = { error: codeForStatus(status), message: error.message };
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    const body: ApiError = { error: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' };
    return reply.status(500).send(body);
  });
}

/** Errors Fastify answers before routing, such as a path that is not valid percent-encoding: the same JSON shape. */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 400;
  const body: ApiError = { error: codeForStatus(status), message: error.message };
  void reply.status(status).send(body);
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
};

/**
 * Requests Node refuses before Fastify sees them (too slow, headers too large, not HTTP): answered on the raw
 * socket in the same JSON shape, then the connection is closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    message: 'Malformed request',
  };
  const body = JSON.stringify({ error: codeForStatus(status), message } satisfies ApiError);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
