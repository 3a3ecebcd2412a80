import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import type { App } from '../types.ts';
import { AppError, badRequest } from './errors.ts';
import { acceptedImageTypes } from './images.ts';

/**
 * One multipart reader for every upload route (docs/decisions/097-one-multipart-reader.md,
 * docs/architecture.md#uploads). A route declares its form: the text fields as a zod object, and
 * per file field how many files, how large, of which kind, kept in memory or streamed to a
 * temporary file. `readUpload` returns the parsed fields and the files, or throws the refusal the
 * form maps each failure to. The client's file names and declared types are never read.
 */

/** What a file field accepts, told from the file's first bytes (never from its name or declared type). */
export type FileKind = {
  /** As the refusal says it: "Upload {description}." */
  description: string;
  accepted: readonly string[];
  matches: (head: Buffer) => Promise<boolean> | boolean;
};

export const imageFiles: FileKind = {
  description: 'a JPEG, PNG, WebP or GIF image',
  accepted: [...acceptedImageTypes],
  matches: async (head) => acceptedImageTypes.has((await fileTypeFromBuffer(head))?.mime ?? ''),
};

/** An ISO base media file: its first box is `ftyp` (the film service then walks its boxes). */
export const mp4Files: FileKind = {
  description: 'an MP4 video',
  accepted: ['video/mp4'],
  matches: (head) => head.toString('latin1', 4, 8) === 'ftyp',
};

export type FileRule = {
  /** How many files the field takes: `min` 0 makes it optional. */
  count: { min: number; max: number };
  maxBytes: number;
  accepts: FileKind;
  /** Images are re-encoded from memory; a video is piped to a temporary file as it arrives. */
  keep: 'memory' | 'disk';
};

/** A file streamed to disk: the caller adopts it into the store or deletes it, whatever happens. */
export type DiskFile = { path: string; bytes: number };

type FieldsSchema = z.ZodObject;

/** Everything a read can refuse; a form may answer some of them with its own error (an inquiry's). */
export type UploadRefusal =
  | { kind: 'not_multipart' }
  | { kind: 'malformed' }
  | { kind: 'body_too_large'; maxBytes: number }
  | { kind: 'unexpected_part'; field: string; reason: 'unknown' | 'repeated' | 'too_long' | 'not_text' }
  | { kind: 'too_many_files'; field?: string; max: number }
  | { kind: 'file_too_large'; field?: string; maxBytes: number }
  | { kind: 'missing_file'; field: string }
  | { kind: 'empty_file'; field: string }
  | { kind: 'wrong_type'; field: string; accepts: FileKind }
  | { kind: 'invalid_fields'; issues: z.core.$ZodIssue[] };

export type UploadForm<S extends FieldsSchema, F extends Record<string, FileRule>> = {
  /** What the client sends, in the messages: "Send the {name} as multipart/form-data." */
  name: string;
  fields: S;
  files: F;
  /** The longest text field, in bytes (a field's characters as UTF-8: up to 4 bytes each). */
  fieldBytes?: number;
  /**
   * A browser sends a form field's line breaks as CRLF (the HTML form encoding): they are read
   * back as LF. `any` also reads a lone CR as LF; by default a lone CR stays, for the schema to judge.
   */
  lineBreaks?: 'crlf' | 'any';
  /** Temporary files are named `{tempPrefix}…` in the system's temporary folder. */
  tempPrefix?: string;
  /** The form's own answer to a refusal; undefined keeps the shared one. */
  refuse?: (refusal: UploadRefusal) => AppError | undefined;
};

export type Upload<S extends FieldsSchema, F extends Record<string, FileRule>> = {
  fields: z.output<S>;
  files: { [K in keyof F]: (F[K]['keep'] extends 'disk' ? DiskFile : Buffer)[] };
};

/** Declares a form; the `const` keeps each field's `keep` literal, so the files come back typed. */
export const uploadForm = <S extends FieldsSchema, const F extends Record<string, FileRule>>(form: UploadForm<S, F>) => form;

/** Any declared form, as a route's `config.upload` names it for the API's documentation. */
export type DeclaredUpload = Pick<UploadForm<FieldsSchema, Record<string, FileRule>>, 'fields' | 'files'>;

/**
 * The OpenAPI body of a form (plugins/openapi.ts): its text fields as their schema says, and each
 * file field with its count, its size and what it accepts.
 */
export function openApiBodyOf(form: DeclaredUpload): Record<string, unknown> {
  const fields = z.toJSONSchema(form.fields, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown>; required?: string[] };
  const files = Object.entries(form.files).map(([name, rule]) => {
    const file = { type: 'string', format: 'binary', description: `${rule.accepts.description}, up to ${rule.maxBytes} bytes` };
    const schema = rule.count.max > 1 ? { type: 'array', items: file, minItems: rule.count.min, maxItems: rule.count.max } : file;
    return { name, schema, required: rule.count.min > 0 };
  });
  return {
    type: 'object',
    properties: { ...fields.properties, ...Object.fromEntries(files.map(({ name, schema }) => [name, schema])) },
    required: [...(fields.required ?? []), ...files.filter((file) => file.required).map((file) => file.name)],
  };
}

/** Room for the multipart framing around the parts: a body declared past its limits and this is refused unread. */
const framingBytes = 64 * 1024;
/** How much of a file is kept to tell its kind (what file-type reads at most for the kinds above). */
const headBytes = 4100;

/**
 * Accepts multipart bodies on the routes of `scope` only (every other route keeps refusing them,
 * docs/quality.md#s6). The limits here refuse everything: each `readUpload` passes its form's own.
 */
export async function acceptUploads(scope: App) {
  await scope.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: 0, files: 0, fields: 0, parts: 0, fieldNameSize: 100, fieldSize: 0, headerPairs: 20 },
  });
}

/** The parser's limits of a form: one surplus field gets through, for the reader to name in its refusal. */
function limitsOf(form: UploadForm<FieldsSchema, Record<string, FileRule>>) {
  const rules = Object.values(form.files);
  const fields = Object.keys(form.fields.shape).length + 1;
  const files = rules.reduce((sum, rule) => sum + rule.count.max, 0);
  const fieldSize = form.fieldBytes ?? 1024;
  const fileSize = Math.max(0, ...rules.map((rule) => rule.maxBytes));
  return {
    parser: { fileSize, files, fields, parts: files + fields, fieldNameSize: 100, fieldSize, headerPairs: 20 },
    fileSize,
    bodyBytes: rules.reduce((sum, rule) => sum + rule.count.max * rule.maxBytes, 0) + fields * fieldSize + framingBytes,
  };
}

const listed = (names: string[]) => names.map((name) => `"${name}"`).join(', ');

function expectedParts(form: UploadForm<FieldsSchema, Record<string, FileRule>>): string {
  const fieldNames = Object.keys(form.fields.shape);
  const parts = fieldNames.length === 0 ? [] : [`the field${fieldNames.length > 1 ? 's' : ''} ${listed(fieldNames)}, each once`];
  for (const [name, rule] of Object.entries(form.files)) {
    parts.push(rule.count.max === 1 ? `one file in "${name}"` : `up to ${rule.count.max} files in "${name}"`);
  }
  return parts.join(' and ');
}

/** The shared answer to each refusal, in the codes every upload route has always answered with. */
function sharedRefusal(form: UploadForm<FieldsSchema, Record<string, FileRule>>, refusal: UploadRefusal): AppError {
  switch (refusal.kind) {
    case 'not_multipart':
      return new AppError(415, 'request.unsupported_media_type', `Send the ${form.name} as multipart/form-data.`);
    case 'malformed':
      return badRequest('validation.invalid', 'The multipart body is malformed.');
    case 'body_too_large':
      return new AppError(413, 'uploads.too_large', 'The file is too large.', { maxBytes: refusal.maxBytes });
    case 'unexpected_part': {
      const messages = {
        unknown: `Send only ${expectedParts(form)}.`,
        repeated: `Send the field "${refusal.field}" once.`,
        too_long: `The field "${refusal.field}" is too long.`,
        not_text: `The field "${refusal.field}" must be plain text.`,
      };
      return badRequest('validation.invalid', messages[refusal.reason], [{ in: 'body', path: `/${refusal.field}` }]);
    }
    case 'too_many_files':
      return new AppError(413, 'uploads.too_many_files', 'Too many files.');
    case 'file_too_large':
      return new AppError(413, 'uploads.too_large', 'The file is too large.');
    case 'missing_file':
      return badRequest('uploads.missing_file', `Send a file in the field "${refusal.field}".`);
    case 'empty_file':
      return new AppError(422, 'uploads.empty_file', 'The file is empty.');
    case 'wrong_type':
      return new AppError(415, 'uploads.unsupported_type', `Upload ${refusal.accepts.description}.`, { accepted: refusal.accepts.accepted });
    case 'invalid_fields':
      return badRequest(
        'validation.invalid',
        `The ${form.name}\u2019s fields are not valid.`,
        refusal.issues.map((issue) => ({ in: 'body', path: `/${issue.path.join('/')}`, message: issue.message })),
      );
  }
}

type Received = { bytes: number; head: Buffer; kept: Buffer | string };

/** Pipes a file part into `folder` as it arrives, keeping its size and first bytes, cut off past `maxBytes`. */
async function streamed(part: MultipartFile, folder: string, maxBytes: number, tooLarge: () => AppError): Promise<Received> {
  const target = path.join(folder, `${randomBytes(8).toString('hex')}.part`);
  const head: Buffer[] = [];
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const kept = Math.min(chunk.length, Math.max(0, headBytes - bytes));
      if (kept > 0) head.push(chunk.subarray(0, kept));
      bytes += chunk.length;
      done(bytes > maxBytes ? tooLarge() : null, chunk);
    },
  });
  await pipeline(part.file, counter, createWriteStream(target, { flags: 'wx' }));
  return { bytes, head: Buffer.concat(head), kept: target };
}

/**
 * Reads the whole body against `form`. While it arrives: a part the form does not declare, a text
 * field sent twice or cut at its limit, a file past its field's count or size is refused at once
 * (the parser's own limits stop a part past the sums of all of them). Once it has all arrived, in
 * this order: a required file missing, an empty file, the fields against their schema, then each
 * file's kind from its first bytes. A refusal leaves no temporary file behind.
 */
export async function readUpload<S extends FieldsSchema, const F extends Record<string, FileRule>>(request: FastifyRequest, form: UploadForm<S, F>): Promise<Upload<S, F>> {
  const refuse = (refusal: UploadRefusal) => form.refuse?.(refusal) ?? sharedRefusal(form, refusal);
  if (!request.isMultipart()) throw refuse({ kind: 'not_multipart' });
  const limits = limitsOf(form);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.bodyBytes) throw refuse({ kind: 'body_too_large', maxBytes: limits.fileSize });

  const fieldNames = new Set(Object.keys(form.fields.shape));
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  const received = new Map<string, Received[]>(Object.keys(form.files).map((name) => [name, []]));
  const ruleOf = (name: string): FileRule | undefined => (Object.hasOwn(form.files, name) ? form.files[name] : undefined);
  let folder: string | undefined;
  try {
    try {
      for await (const part of request.parts({ limits: limits.parser })) {
        const field = part.fieldname;
        if (part.type === 'file') {
          const rule = ruleOf(field);
          if (!rule) throw refuse({ kind: 'unexpected_part', field, reason: 'unknown' });
          const files = received.get(field)!;
          if (files.length === rule.count.max) throw refuse({ kind: 'too_many_files', field, max: rule.count.max });
          const tooLarge = () => refuse({ kind: 'file_too_large', field, maxBytes: rule.maxBytes });
          if (rule.keep === 'memory') {
            const bytes = await part.toBuffer();
            if (bytes.length > rule.maxBytes) throw tooLarge();
            files.push({ bytes: bytes.length, head: bytes, kept: bytes });
          } else {
            folder ??= await fs.mkdtemp(path.join(os.tmpdir(), form.tempPrefix ?? 'orchard-upload-'));
            const file = await streamed(part, folder, rule.maxBytes, tooLarge);
            if (part.file.truncated) throw tooLarge();
            files.push(file);
          }
        } else {
          if (!fieldNames.has(field)) throw refuse({ kind: 'unexpected_part', field, reason: 'unknown' });
          if (Object.hasOwn(values, field)) throw refuse({ kind: 'unexpected_part', field, reason: 'repeated' });
          if (part.valueTruncated) throw refuse({ kind: 'unexpected_part', field, reason: 'too_long' });
          // A part sent as application/json arrives parsed: only plain text is a field here.
          if (typeof part.value !== 'string') throw refuse({ kind: 'unexpected_part', field, reason: 'not_text' });
          values[field] = part.value.replace(form.lineBreaks === 'any' ? /\r\n?/g : /\r\n/g, '\n');
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: unknown }).code;
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
        throw refuse({ kind: 'too_many_files', max: limits.parser.files });
      }
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse({ kind: 'file_too_large', maxBytes: limits.fileSize });
      // The parser's other errors carry an FST_ code the error handler maps (a prototype key: 400);
      // busboy's parse errors ("Unexpected end of form", a bad boundary) carry none and are the client's.
      if (code) throw error;
      throw refuse({ kind: 'malformed' });
    }

    for (const [field, files] of received) {
      if (files.length < ruleOf(field)!.count.min) throw refuse({ kind: 'missing_file', field });
    }
    for (const [field, files] of received) {
      if (files.some((file) => file.bytes === 0)) throw refuse({ kind: 'empty_file', field });
    }
    const parsed = form.fields.safeParse({ ...values });
    if (!parsed.success) throw refuse({ kind: 'invalid_fields', issues: parsed.error.issues });
    for (const [field, files] of received) {
      const { accepts } = ruleOf(field)!;
      for (const file of files) if (!(await accepts.matches(file.head))) throw refuse({ kind: 'wrong_type', field, accepts });
    }

    return { fields: parsed.data as z.output<S>, files: (await keptFiles(received, form.tempPrefix)) as Upload<S, F>['files'] };
  } finally {
    if (folder) await fs.rm(folder, { recursive: true, force: true });
  }
}

/**
 * The files as the caller receives them: bytes, or a temporary file moved out of the read's own
 * folder (removed when the read ends) under a fresh name the caller then owns.
 */
async function keptFiles(received: Map<string, Received[]>, prefix = 'orchard-upload-') {
  const kept: Record<string, (Buffer | DiskFile)[]> = {};
  const moved: string[] = [];
  try {
    for (const [field, files] of received) {
      kept[field] = [];
      for (const file of files) {
        if (typeof file.kept !== 'string') {
          kept[field].push(file.kept);
          continue;
        }
        const target = path.join(os.tmpdir(), `${prefix}${randomBytes(12).toString('hex')}.upload`);
        await fs.rename(file.kept, target);
        moved.push(target);
        kept[field].push({ path: target, bytes: file.bytes });
      }
    }
    return kept;
  } catch (error) {
    await Promise.all(moved.map((target) => fs.rm(target, { force: true })));
    throw error;
  }
}

/** A body of images alone, 1 to `max` of them in the field `file`: a picture, a thumbnail, execution photos. */
export const imagesForm = (maxBytes: number, max = 1) =>
  uploadForm({ name: 'file', fields: z.strictObject({}), files: { file: { count: { min: 1, max }, maxBytes, accepts: imageFiles, keep: 'memory' } } });
