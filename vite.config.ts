import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // Vite ignores tsconfig `paths`, so the `~` alias is declared here too.
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // The server build bundles the Express app with the routes, so both share one
  // instance of every server module (database pool, config, storage).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : {},
  plugins: [tailwindcss(), reactRouter()],
}));
