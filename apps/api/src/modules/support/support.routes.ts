import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  faqEntryBodySchema,
  faqEntryIdParamsSchema,
  faqEntryResponseSchema,
  faqQuerySchema,
  faqResponseSchema,
  inquiriesQuerySchema,
  inquiriesResponseSchema,
  inquiryAnswerBodySchema,
  inquiryAnswerResponseSchema,
  inquiryContentMax,
  inquiryCreatedResponseSchema,
  inquiryFieldsSchema,
  inquiryIdParamsSchema,
  inquiryImageMaxBytes,
  inquiryImageParamsSchema,
  inquiryImagesMax,
  operatorFaqResponseSchema,
  operatorInquiriesQuerySchema,
  operatorInquiriesResponseSchema,
  type InquiryFields,
} from '@orchard/shared';
import { AppError, badRequest } from '../../lib/errors.ts';
import { emptyQuerySchema, errorResponses } from '../../lib/schemas.ts';
import { languageOf, requireSession, requireViewer } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import { imageTooLarge, invalidInquiry, tooManyImages } from './support.errors.ts';
import type { SupportService } from './support.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);
const inquiryFieldNames = new Set(['nickname', 'email', 'category', 'title', 'content', 'projectId', 'transactionId']);


/**
 * An inquiry's multipart body (docs/product.md#inquiries): each known text field once, and 0–5
 * files in `images`, each of at most 20 MB. The plugin's limits stop a 6th file or an oversized
 * one while it streams; they answer with the inquiry's own codes and the spec's texts.
 */
async function readInquiryForm(request: FastifyRequest): Promise<{ fields: InquiryFields; images: Buffer[] }> {
  if (!request.isMultipart()) throw new AppError(415, 'request.unsupported_media_type', 'Send the inquiry as multipart/form-data.');
  const raw: Record<string, string> = Object.create(null) as Record<string, string>;
  const images: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'images') throw invalidInquiry(`/${part.fieldname}`);
        const bytes = await part.toBuffer();
        if (bytes.length === 0) throw new AppError(422, 'uploads.empty_file', 'The file is empty.');
        images.push(bytes);
      } else {
        if (!inquiryFieldNames.has(part.fieldname) || part.fieldname in raw || part.valueTruncated || typeof part.value !== 'string') {
          throw invalidInquiry(`/${part.fieldname}`);
        }
        // A browser's multipart encoding turns every line break into CRLF (the HTML form encoding):
        // it is read back as the LF the fan typed, so a multi-line content is not refused for its CR.
        raw[part.fieldname] = part.value.replace(/\r\n?/g, '\n');
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooManyImages();
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    if (error instanceof AppError || code) throw error;
    throw badRequest('validation.invalid', 'The multipart body is malformed.');
  }
  const parsed = inquiryFieldsSchema.safeParse({ ...raw });
  if (!parsed.success) throw invalidInquiry(`/${String(parsed.error.issues[0]?.path[0] ?? '')}`);
  return { fields: parsed.data, images };
}

/**
 * Customer support (docs/product.md#faq, docs/product.md#inquiries): the FAQ for everyone, a
 * fan's inquiries (the `uploads` rate-limit bucket, docs/quality.md#s8), and the operators' inbox
 * and FAQ editing.
 */
export async function registerSupportRoutes(app: App, { support }: { support: SupportService }) {
  app.get(
    '/api/faq',
    { config: { access: 'public' }, schema: { tags: ['support'], querystring: faqQuerySchema, response: { 200: faqResponseSchema, ...errors } } },
    async (request) => support.faq(languageOf(request, request.query.lang)),
  );

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: inquiryImageMaxBytes,
        files: inquiryImagesMax,
        fields: inquiryFieldNames.size,
        parts: inquiryImagesMax + inquiryFieldNames.size + 1,
        fieldNameSize: 100,
        // The content's characters as UTF-8 (up to 4 bytes each).
        fieldSize: inquiryContentMax * 4,
        headerPairs: 20,
      },
    });
    scope.post(
      '/api/inquiries',
      {
        config: { access: 'joined', rateLimitBucket: 'uploads' },
        schema: { tags: ['support'], consumes: ['multipart/form-data'], response: { 201: inquiryCreatedResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const { fields, images } = await readInquiryForm(request);
        return reply.code(201).send({ inquiry: await support.createInquiry(requireSession(request).userId, fields, images) });
      },
    );
  });

  app.get(
    '/api/inquiries',
    { config: { access: 'joined' }, schema: { tags: ['support'], querystring: inquiriesQuerySchema, response: { 200: inquiriesResponseSchema, ...errors } } },
    async (request) => support.listMine(requireSession(request).userId, request.query),
  );

  app.get(
    '/api/inquiries/:inquiryId/images/:imageId',
    { config: { access: 'joined' }, schema: { tags: ['support'], params: inquiryImageParamsSchema, querystring: emptyQuerySchema } },
    async (request, reply) => {
      const bytes = await support.image(requireViewer(request), request.params.inquiryId, request.params.imageId);
      // Private: never kept by a shared cache; never sniffed, framed or run (docs/quality.md#s6).
      return reply
        .header('Content-Type', 'image/webp')
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .send(bytes);
    },
  );

  app.get(
    '/api/operator/inquiries',
    {
      config: { access: 'operator' },
      schema: { tags: ['operator'], querystring: operatorInquiriesQuerySchema, response: { 200: operatorInquiriesResponseSchema, ...errors } },
    },
    async (request) => support.inbox(request.query),
  );

  app.post(
    '/api/operator/inquiries/:inquiryId/answer',
    {
      config: { access: 'operator' },
      schema: { tags: ['operator'], params: inquiryIdParamsSchema, body: inquiryAnswerBodySchema, response: { 200: inquiryAnswerResponseSchema, ...errors } },
    },
    async (request) => ({ inquiry: await support.answer(requireSession(request).userId, request.params.inquiryId, request.body.answer) }),
  );

  app.get(
    '/api/operator/faq',
    { config: { access: 'operator' }, schema: { tags: ['operator'], querystring: emptyQuerySchema, response: { 200: operatorFaqResponseSchema, ...errors } } },
    async () => support.operatorFaq(),
  );

  app.put(
    '/api/operator/faq/:entryId',
    {
      config: { access: 'operator' },
      schema: { tags: ['operator'], params: faqEntryIdParamsSchema, body: faqEntryBodySchema, response: { 200: faqEntryResponseSchema, ...errors } },
    },
    async (request) => ({ entry: await support.updateFaqEntry(requireSession(request).userId, request.params.entryId, request.body) }),
  );
}
