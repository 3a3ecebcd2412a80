import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@orchard/shared';
import { postgresErrorCode } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import type { App } from '../types.ts';

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, details?: unknown) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: details === undefined ? { code, message } : { code, message, details } });
}

/** Fastify's own errors, by code, as our status and error code. */
const fastifyErrors: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'request.too_large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'request.unsupported_media_type', 'Send the body as application/json.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'request.malformed_json', 'The Content-Length does not match the body.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'request.malformed_json', 'The JSON body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'request.malformed_json', 'The body is not valid JSON.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'request.unsupported_media_type', 'Send the file as multipart/form-data.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'uploads.too_large', 'The file is too large.'],
  FST_FILES_LIMIT: [413, 'uploads.too_many_files', 'Too many files.'],
  FST_PARTS_LIMIT: [413, 'uploads.too_many_files', 'Too many parts.'],
  FST_FIELDS_LIMIT: [413, 'request.too_large', 'Too many fields.'],
  FST_PROTO_VIOLATION: [400, 'validation.invalid', 'Prototype keys are not allowed.'],
  FST_ERR_VALIDATION: [400, 'validation.invalid', 'The request is not valid.'],
};

/**
 * PostgreSQL's refusals of what a client sent: a character it cannot store (NUL: 22021, 22P05),
 * a value too long for its column or index (22001, 54000), a number out of range (22003), text
 * that is not the type it must be (22P02), or an instant out of range (22008, a time stamp past
 * the year 294276; 22009, a time zone offset out of range, which is how it reads the ISO form
 * of JavaScript's latest dates, "+275760-…"). The client's input, so a 400, never a 5xx. Routes
 * validate what they pass on (cursors: lib/cursor.ts); this is the net under them.
 */
const clientCausedPostgresErrors = new Set(['22021', '22P05', '22001', '54000', '22003', '22P02', '22008', '22009']);

/**
 * Errors Fastify meets before any route runs: a path whose percent-encoding does not decode
 * (FST_ERR_BAD_URL), a path parameter over the router's limit (FST_ERR_MAX_PARAM_LENGTH).
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: error }, 'request refused by the router');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 414, 'request.too_large', 'A part of the address is too long.');
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, 400, 'validation.invalid', 'The address is not valid (bad percent-encoding).');
  return send(reply, 400, 'validation.invalid', 'The request is not valid.');
}

/** The body of an answer written straight to the socket, in the app's error shape. */
function rawErrorAnswer(status: number, code: ErrorCode, message: string): string {
  const body = JSON.stringify({ error: { code, message } });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Content-Type: application/json; charset=utf-8',
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers over 16 KB, a
 * malformed request line, a time-out); they are answered in the app's error shape all the same.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let answer: string;
  if (error.code === 'HPE_HEADER_OVERFLOW') answer = rawErrorAnswer(431, 'request.too_large', 'The request headers are too large.');
  else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') answer = rawErrorAnswer(408, 'validation.invalid', 'The request took too long to arrive.');
  else answer = rawErrorAnswer(400, 'validation.invalid', 'The request is malformed.');
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) socket.write(answer);
  socket.destroy(error);
}

/** Upload routes declare `consumes: ['multipart/form-data']`; their callers must hear that, not JSON. */
function routeTakesMultipart(request: FastifyRequest): boolean {
  const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
  return Boolean(consumes?.includes('multipart/form-data'));
}

/**
 * One error shape for every failure (docs/architecture.md#errors): `{ error: { code, message, details? } }`.
 * A 5xx never carries internals; it is logged with the request id instead.
 */
export function registerErrorHandling(app: App) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return send(reply, error.statusCode, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        in: error.validationContext,
        path: issue.instancePath,
        message: issue.message,
      }));
      return send(reply, 400, 'validation.invalid', 'The request is not valid.', details);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response failed its schema');
      return send(reply, 500, 'internal', 'Something went wrong on our side.');
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && routeTakesMultipart(request)) {
      return send(reply, 415, 'request.unsupported_media_type', 'Send the file as multipart/form-data.');
    }
    const known = error.code ? fastifyErrors[error.code] : undefined;
    if (known) return send(reply, known[0], known[1], known[2]);
    if (error instanceof SyntaxError && error.message.includes('JSON')) {
      return send(reply, 400, 'request.malformed_json', 'The body is not valid JSON.');
    }
    const postgresCode = postgresErrorCode(error);
    if (postgresCode && clientCausedPostgresErrors.has(postgresCode)) {
      request.log.info({ postgresCode }, 'database refused the input');
      return send(reply, 400, 'validation.invalid', 'The request holds a value that cannot be stored (a control character, too long, or out of range).');
    }
    if (error.statusCode === 429) {
      return send(reply, 429, 'rate_limited', 'Too many requests. Please wait and try again.');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, error.statusCode, 'validation.invalid', 'The request is not valid.');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'internal', 'Something went wrong on our side.');
  });

  app.setNotFoundHandler((_request, reply) => send(reply, 404, 'not_found', 'There is nothing at this address.'));
}
