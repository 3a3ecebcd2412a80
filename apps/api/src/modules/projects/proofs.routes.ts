import {
  projectIdParamsSchema,
  projectProofResponseSchema,
  projectQuerySchema,
  proofFieldsSchema,
  proofIdParamsSchema,
  proofsPostedResponseSchema,
  proofWithdrawalBodySchema,
  proofWithdrawalResponseSchema,
} from '@orchard/shared';
import { fileTypeFromBuffer } from 'file-type';
import { errorResponses } from '../../lib/schemas.ts';
import { acceptUploads, readUpload, uploadForm, type FileKind } from '../../lib/uploads.ts';
import { languageOf, requireViewer, viewerOf } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import { proofFilesMax, type ProofsService } from './proofs.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);

/** A proof file: a photo (JPEG, PNG, WebP) or an MP4 clip, told from its first bytes. */
const proofFiles: FileKind = {
  description: 'a JPEG, PNG or WebP photo, or an MP4 clip',
  accepted: ['image/jpeg', 'image/png', 'image/webp', 'video/mp4'],
  matches: async (head) => head.toString('latin1', 4, 8) === 'ftyp' || ['image/jpeg', 'image/png', 'image/webp'].includes((await fileTypeFromBuffer(head))?.mime ?? ''),
};

/** A short clip of a screen is tens of megabytes; a photo is far less (its pixels are bounded by the decoder). */
export const proofFileMaxBytes = 50 * 1024 * 1024;

/** The proof form: the medium and an optional capture time as text, and 1–10 files streamed to disk. */
const proofForm = uploadForm({
  name: 'proof',
  fields: proofFieldsSchema,
  files: { file: { count: { min: 1, max: proofFilesMax }, maxBytes: proofFileMaxBytes, accepts: proofFiles, keep: 'disk' } },
  tempPrefix: 'orchard-proof-',
});

/** Proof of each booked medium (docs/product.md#execution): thin routes over the proofs service. */
export async function registerProofsRoutes(app: App, { proofs }: { proofs: ProofsService }) {
  await app.register(async (scope: App) => {
    await acceptUploads(scope);
    scope.post(
      '/api/operator/projects/:projectId/proofs',
      {
        config: { access: 'operator', rateLimitBucket: 'uploads', upload: proofForm },
        schema: {
          tags: ['operator'],
          consumes: ['multipart/form-data'],
          params: projectIdParamsSchema,
          querystring: projectQuerySchema,
          response: { 201: proofsPostedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        const { fields, files } = await readUpload(request, proofForm);
        const posted = await proofs.post(viewer.userId, request.params.projectId, fields, files.file, languageOf(request, request.query.lang));
        return reply.code(201).send({ proofs: posted });
      },
    );
  });

  app.post(
    '/api/operator/proofs/:proofId/withdrawal',
    {
      config: { access: 'operator' },
      schema: { tags: ['operator'], params: proofIdParamsSchema, body: proofWithdrawalBodySchema, response: { 201: proofWithdrawalResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      return reply.code(201).send({ proof: await proofs.withdraw(viewer.userId, request.params.proofId, request.body.reason) });
    },
  );

  app.get(
    '/api/projects/:projectId/proof',
    {
      config: { access: 'public' },
      schema: { tags: ['projects'], params: projectIdParamsSchema, querystring: projectQuerySchema, response: { 200: projectProofResponseSchema, ...errors } },
    },
    async (request) => proofs.proofOf(request.params.projectId, viewerOf(request), languageOf(request, request.query.lang)),
  );
}
