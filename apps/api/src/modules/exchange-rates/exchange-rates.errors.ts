import { AppError } from '../../lib/errors.ts';

export const noRatesInEffect = () => new AppError(503, 'unavailable', 'No exchange rates are in effect yet.');
