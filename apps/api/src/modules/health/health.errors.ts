import { AppError } from '../../lib/errors.ts';

export const notReady = () => new AppError(503, 'unavailable', 'The database is not reachable or not migrated.');

export const draining = () => new AppError(503, 'unavailable', 'This process is shutting down.');
