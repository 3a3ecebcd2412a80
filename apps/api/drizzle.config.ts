import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  // The migration check generates into a scratch folder and compares.
  out: process.env.DRIZZLE_OUT ?? './src/db/migrations',
});
