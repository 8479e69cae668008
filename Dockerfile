# syntax=docker/dockerfile:1
#
# Verdeo in one image: the web process (default command) and the job worker (`node build/server/worker.js`).
# Three stages: dependencies (with the build tools), the build, and a slim runtime with Debian's
# ffmpeg, production dependencies only, run as the unprivileged `node` user.
#
#   docker build -t verdeo .            (or: podman build -t verdeo .)
#   docker compose up                   (the whole stack: see compose.yaml and docs/deploy.md)
#
# NODE_IMAGE is any Debian-based image with Node.js 24 and npm in /usr/local/bin and a `node` user
# (uid 1000), as the official node:24 images have. scripts/container-smoke.sh builds one from
# Debian's packages for machines that cannot pull from a registry.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The committed lockfile lists the optional native packages of the platform it was made on only
# (linux-x64), which `npm ci` refuses as out of sync; `npm install` then resolves the rest from it.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# ffmpeg/ffprobe from Debian (5.1 on bookworm); DejaVu for the previews' watermark text; tini reaps
# ffmpeg children and forwards SIGTERM, so a stop drains requests and ends renders cleanly.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg fonts-dejavu-core ca-certificates tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    FFMPEG_PATH=/usr/bin/ffmpeg \
    FFPROBE_PATH=/usr/bin/ffprobe
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/db/migrations ./db/migrations
COPY --from=build /app/server/seed/demo-assets ./server/seed/demo-assets
COPY --from=build /app/scripts/start.mjs ./scripts/start.mjs
# compose.yaml's one-shot bucket step, run with this image's S3 client.
COPY --from=build /app/deploy/create-bucket.mjs ./deploy/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /readyz: 200 once migrations ran and the database answers; 503 while starting or draining.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "build/server/main.js"]
