import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Separate build folders let parallel test runs share one checkout (same variable as the server's config).
  buildDirectory: process.env.VERDEO_BUILD_DIR ?? "build",
} satisfies Config;
