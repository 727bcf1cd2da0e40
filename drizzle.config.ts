// drizzle-kit: generates SQL migrations from api/db/schema.ts (`npx drizzle-kit generate`).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './api/db/schema.ts',
  out: './api/db/migrations',
});
