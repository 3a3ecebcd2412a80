import type { ErrorCode } from '@orchard/shared';

/** A refusal the client can act on: a status, a code from the shared catalogue, a message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, message: string, details?: unknown) => new AppError(400, code, message, details);
export const unauthenticated = () => new AppError(401, 'auth.unauthenticated', 'Sign in to continue.');
export const forbidden = (code: ErrorCode, message: string) => new AppError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new AppError(404, code, message);
export const conflict = (code: ErrorCode, message: string, details?: unknown) => new AppError(409, code, message, details);
export const unprocessable = (code: ErrorCode, message: string, details?: unknown) =>
  new AppError(422, code, message, details);
