import { z } from 'zod';
import { localizedNameSchema } from './locale.ts';

/**
 * The project a notification or a history entry is about, read from the projects table when the
 * list is read, never copied when the row was written: a renamed project shows its new title, and
 * a hidden one withholds it (docs/product.md#notifications).
 */
export const projectReferenceSchema = z.object({
  id: z.number().int(),
  /** The title now; null before creation (a request has none) and while the project is hidden. */
  title: z.string().nullable(),
  hidden: z.boolean(),
  /** Names the request when there is no title yet. */
  artistNames: localizedNameSchema,
});
export type ProjectReference = z.infer<typeof projectReferenceSchema>;
