import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Role } from '@orchard/shared';
import type { DeclaredUpload } from './lib/uploads.ts';

/**
 * Who may call a route (docs/quality.md#s1). Every route declares one; the app refuses to start with a route that
 * does not.
 * - public: anyone; a session is read when present.
 * - session: signed in; the join need not be finished (me, logout, join itself).
 * - joined: signed in and joined; otherwise 403 `auth.join_required`.
 * - operator: joined and holding the operator role.
 */
export type Access = 'public' | 'session' | 'joined' | 'operator';

/**
 * Which rate-limit bucket a route counts against (docs/quality.md#s8); writes default to `writes`.
 * A declared bucket replaces `writes` for its routes.
 */
export type RateLimitBucket = 'sign_in' | 'writes' | 'uploads' | 'comments' | 'reports' | 'none';

export type SessionInfo = {
  userId: string;
  tokenHash: string;
  joined: boolean;
  roles: Role[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** false only for cross-site callbacks protected otherwise (Apple's form_post: state + binding cookie). */
    csrf?: boolean;
    rateLimitBucket?: RateLimitBucket;
    /** The form a multipart route reads (lib/uploads.ts), which the API's documentation shows as its body. */
    upload?: DeclaredUpload;
  }
  interface FastifyRequest {
    session: SessionInfo | null;
  }
  interface FastifyInstance {
    routeCatalogue: { method: string; url: string; access: Access }[];
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
