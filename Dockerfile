# syntax=docker/dockerfile:1
# Orchard's API image: the API bundle serving the built web app (README.md, "Production";
# docs/decisions/082-deployment-files.md). `npm run check:docker` lints this file without a daemon.

# ---- build: every dependency, the web app (Vite + prerender) and the API bundle (esbuild) ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests alone first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/api apps/api
COPY apps/web apps/web
RUN npm run build -w @orchard/web && npm run build -w @orchard/api

# ---- runtime: production dependencies of the API only, ffmpeg for film posters, a non-root user ----
FROM node:24-bookworm-slim AS runtime
# ffmpeg: a film's poster is its first frame (FILM_POSTER_DECODER=auto). The CJK fonts: the generated
# poster and the demo pictures draw Korean, Japanese and Chinese text through sharp, which brings its
# own libvips but no fonts (Noto CJK covers Latin too).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg fonts-noto-cjk \
 && rm -rf /var/lib/apt/lists/*
# No PUBLIC_URL: the deployment gives it, and production refuses to start without one. On 0.0.0.0 the
# API refuses the development sign-in and the sandbox gateway, and production loads no sample data
# (docs/decisions/086-production-defaults.md).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace @orchard/api --no-audit --no-fund \
 && npm cache clean --force
# The bundle finds the migrations, the sandbox checkout's stylesheet and the web app next to the
# modules' source folders (apps/api/scripts/build.ts), so the API's sources travel with it; they and
# the shared sources also let `npm run ops` (tsx) run inside the container.
COPY --from=build /app/packages/shared/src packages/shared/src
COPY --from=build /app/apps/api/src apps/api/src
COPY --from=build /app/apps/api/scripts apps/api/scripts
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness only (the process answers); the proxy routes by readiness, /api/health/ready.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# As `npm start -w @orchard/api`: tracing preloaded (it loads nothing without OTEL_EXPORTER_OTLP_ENDPOINT).
CMD ["node", "--import", "./apps/api/dist/tracing.js", "apps/api/dist/server.js"]
