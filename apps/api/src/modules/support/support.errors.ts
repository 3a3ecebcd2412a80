import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { inquiryImageMaxBytes, inquiryImagesMax } from '@orchard/shared';

// The two attachment texts are the spec's own (docs/product.md#inquiries).
export const tooManyImages = () =>
  new AppError(413, 'inquiries.too_many_images', 'The number of attached files exceeds the limit.', { max: inquiryImagesMax });
export const imageTooLarge = () =>
  new AppError(413, 'inquiries.image_too_large', 'The size of the attached file exceeds the limit.', { maxBytes: inquiryImageMaxBytes });
export const invalidEmail = () => badRequest('inquiries.invalid_email', 'Invalid email format.', [{ in: 'body', path: '/email' }]);
export const invalidInquiry = (path: string) => badRequest('inquiries.invalid', 'The inquiry is not valid.', [{ in: 'body', path }]);
export const inquiryNotFound = () => notFound('inquiries.not_found', 'There is no such inquiry.');
export const inquiryImageNotFound = () => notFound('inquiries.image_not_found', 'There is no such image.');
export const inquiryProjectNotFound = () => notFound('inquiries.project_not_found', 'There is no such project.');
export const inquiryTransactionNotFound = () => notFound('inquiries.transaction_not_found', 'There is no such transaction in your history.');
export const inquiryAlreadyAnswered = () => conflict('inquiries.already_answered', 'The inquiry has already been answered.');
export const inquiriesCursorInvalid = () => badRequest('inquiries.cursor_invalid', 'The cursor is not valid.', [{ in: 'querystring', path: '/cursor' }]);
export const faqEntryNotFound = () => notFound('faq.not_found', 'There is no such FAQ entry.');
