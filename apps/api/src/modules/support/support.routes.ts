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
} from '@orchard/shared';
import { emptyQuerySchema, errorResponses } from '../../lib/schemas.ts';
import { acceptUploads, imageFiles, readUpload, uploadForm } from '../../lib/uploads.ts';
import { languageOf, requireSession, requireViewer } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import { imageTooLarge, invalidInquiry, tooManyImages } from './support.errors.ts';
import type { SupportService } from './support.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);

/**
 * An inquiry's multipart body (docs/product.md#inquiries): each text field once, and 0–5 files in
 * `images`, each of at most 20 MB. A 6th file or an oversized one is stopped while it streams and
 * answered with the inquiry's own codes and the spec's texts; a part out of place, or a field the
 * schema refuses, is an invalid inquiry.
 */
const inquiryForm = uploadForm({
  name: 'inquiry',
  fields: inquiryFieldsSchema,
  files: { images: { count: { min: 0, max: inquiryImagesMax }, maxBytes: inquiryImageMaxBytes, accepts: imageFiles, keep: 'memory' } },
  // The content's characters as UTF-8 (up to 4 bytes each).
  fieldBytes: inquiryContentMax * 4,
  // A fan's message may come from anywhere: a lone CR is a line break too.
  lineBreaks: 'any',
  refuse: (refusal) => {
    if (refusal.kind === 'too_many_files') return tooManyImages();
    // A body declared past five images at their limit is refused unread, as an oversized attachment.
    if (refusal.kind === 'file_too_large' || refusal.kind === 'body_too_large') return imageTooLarge();
    if (refusal.kind === 'unexpected_part') return invalidInquiry(`/${refusal.field}`);
    if (refusal.kind === 'invalid_fields') return invalidInquiry(`/${String(refusal.issues[0]?.path[0] ?? '')}`);
    return undefined;
  },
});

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

  await app.register(async (scope: App) => {
    await acceptUploads(scope);
    scope.post(
      '/api/inquiries',
      {
        config: { access: 'joined', rateLimitBucket: 'uploads', upload: inquiryForm },
        schema: { tags: ['support'], consumes: ['multipart/form-data'], response: { 201: inquiryCreatedResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const { fields, files } = await readUpload(request, inquiryForm);
        return reply.code(201).send({ inquiry: await support.createInquiry(requireSession(request).userId, fields, files.images) });
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
