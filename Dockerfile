# Mnemo: one image serving the API and the built web app (docs/decisions/0016-deployment.md).
#
#   docker build -t mnemo .                                 # OCR for English and 繁體中文
#   docker build -t mnemo --build-arg WITH_LIBREOFFICE=true .   # + legacy .doc/.ppt/.xls
#
# Stages: deps (every npm package, native ones built) → build (type-check, web app) →
# prod-deps (runtime packages only) → runtime (non-root, tini, HEALTHCHECK on /healthz), the
# default target. The s3rver stage is the small S3-compatible store compose.yaml starts for
# trying things out (`--target s3rver`).

ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# Toolchain for native modules without a prebuilt binary (better-sqlite3 on an unusual arch).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
# patches/: the one-line pdf.js change patch-package applies on install (decision 0004).
COPY package.json package-lock.json ./
COPY patches ./patches
# `npm install` (not `ci`): the lockfile was written against a registry mirror that lacks some
# platform builds of optional packages (@napi-rs/canvas-darwin-arm64…), and `npm ci` refuses
# such a lockfile as out of sync before fetching anything. The versions are still the
# lockfile's. Once it is rewritten against the full registry, build with NPM_INSTALL=ci.
ARG NPM_INSTALL=install
RUN npm "$NPM_INSTALL" --no-audit --no-fund

FROM deps AS build
COPY . .
# Type-check everything (a broken build never becomes an image), build the web app, and compile
# api/ to plain JavaScript in .build/api (scripts/build-api.mjs, the same build `npm start`
# runs): the server and its extraction and quiz worker threads then run without tsx.
RUN npx tsc -p tsconfig.json --noEmit \
 && npx vite build \
 && node scripts/build-api.mjs --force

FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund

# A small S3-compatible store for compose.yaml (not for production data: use S3, R2, MinIO…).
FROM ${NODE_IMAGE} AS s3rver
# tini: node as PID 1 ignores SIGTERM, so without it `docker stop` waits 10 s and kills (137).
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/* \
 && npm install -g --no-audit --no-fund s3rver@3.7.1 \
 && mkdir -p /data \
 && chown node:node /data
USER node
EXPOSE 4568
HEALTHCHECK --interval=10s --timeout=5s --start-period=10s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:4568/').then(r=>process.exit(r.status<500?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["s3rver", "--directory", "/data", "--address", "0.0.0.0", "--port", "4568", "--no-vhost-buckets", "--configure-bucket", "mnemo"]

# The default target (last): the Mnemo server.
FROM ${NODE_IMAGE} AS runtime
ARG WITH_LIBREOFFICE=false
# tini reaps LibreOffice's child processes and passes SIGTERM on; tesseract-ocr-chi-tra is the
# Traditional Chinese OCR data (English ships in an npm package); LibreOffice is optional.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini ca-certificates tesseract-ocr-chi-tra \
 && if [ "$WITH_LIBREOFFICE" = "true" ]; then \
      apt-get install -y --no-install-recommends \
        libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui; \
    fi \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data \
 && chown node:node /data

WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/.build/api ./.build/api
COPY --chown=root:root package.json ./

# The code is root's and read-only to the server; only /data (SQLite, local files, outbox,
# upload temp) is its own. With DATABASE_URL and S3_BUCKET set, /data holds only temp files.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/dist \
    TESSDATA_DIR=/usr/share/tesseract-ocr/5/tessdata \
    MALLOC_ARENA_MAX=2 \
    UV_THREADPOOL_SIZE=6
VOLUME ["/data"]
USER node
EXPOSE 3000

# Liveness only: /readyz (database and store reachable) is for the load balancer.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# SIGTERM lets requests in flight finish (SHUTDOWN_TIMEOUT_MS, 25 s by default); give the
# container longer than that before it is killed (compose: stop_grace_period: 30s).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", ".build/api/server.js"]
