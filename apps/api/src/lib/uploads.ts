import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { App } from '../types.ts';
import { AppError, badRequest } from './errors.ts';

/**
 * Accepts multipart bodies on the routes of `scope` only (every other route keeps refusing them),
 * with one file of at most `maxFileBytes` and a few small parts (docs/quality.md#s6).
 */
export async function acceptSingleFileUploads(scope: App, maxFileBytes: number, { files = 1, fieldSize = 1024 }: { files?: number; fieldSize?: number } = {}) {
  await scope.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: maxFileBytes,
      files,
      fields: 2,
      parts: files + 2,
      fieldNameSize: 100,
      fieldSize,
      headerPairs: 20,
    },
  });
}

/**
 * The bytes of the single file sent in field `fieldName`. The client's file name and type are
 * never used: the name stored is generated, the type is sniffed from the bytes.
 */
export async function readSingleFile(request: FastifyRequest, fieldName: string): Promise<Buffer> {
  const [bytes] = await readFiles(request, fieldName);
  return bytes!;
}

/** Every file sent in field `fieldName` (at least one; the route's registration caps how many). */
export async function readFiles(request: FastifyRequest, fieldName: string): Promise<Buffer[]> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'request.unsupported_media_type', 'Send the file as multipart/form-data.');
  }
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== fieldName) {
        throw badRequest('validation.invalid', `Send only the file, in the field "${fieldName}".`);
      }
      files.push(await part.toBuffer());
    }
  } catch (error) {
    // The plugin's own limit errors carry an FST_ code the error handler maps; busboy's parse
    // errors ("Unexpected end of form", a bad boundary) carry none and are the client's fault.
    if (error instanceof AppError || (error as { code?: unknown }).code) throw error;
    throw badRequest('validation.invalid', 'The multipart body is malformed.');
  }
  if (files.length === 0) throw badRequest('uploads.missing_file', `Send a file in the field "${fieldName}".`);
  if (files.some((bytes) => bytes.length === 0)) throw new AppError(422, 'uploads.empty_file', 'The file is empty.');
  return files;
}

/**
 * A form of one text field and 0–n files (a community post: `text` and `images`). Any other part,
 * a repeated or over-long text field is refused; the route's registration caps files and sizes.
 */
export async function readTextAndFiles(request: FastifyRequest, textField: string, fileField: string): Promise<{ text: string | undefined; files: Buffer[] }> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'request.unsupported_media_type', 'Send the form as multipart/form-data.');
  }
  const files: Buffer[] = [];
  let text: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === fileField) {
        files.push(await part.toBuffer());
      } else if (part.type === 'field' && part.fieldname === textField && text === undefined && !part.valueTruncated && typeof part.value === 'string') {
        text = part.value;
      } else {
        throw badRequest('validation.invalid', `Send only the field "${textField}" once and files in "${fileField}".`, [{ in: 'body', path: `/${part.fieldname}` }]);
      }
    }
  } catch (error) {
    if (error instanceof AppError || (error as { code?: unknown }).code) throw error;
    throw badRequest('validation.invalid', 'The multipart body is malformed.');
  }
  if (files.some((bytes) => bytes.length === 0)) throw new AppError(422, 'uploads.empty_file', 'The file is empty.');
  return { text, files };
}
