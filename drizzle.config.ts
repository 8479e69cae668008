import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/**/schema.server.ts",
  out: "./db/migrations",
});
