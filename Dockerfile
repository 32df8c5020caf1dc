# Worked example (docs/operations.md "Several processes"; ADR 0111). CI does not build this image.
# Stage 1: install everything and build the web client and the compiled API (scripts/build-api.mjs; ADR 0246).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Stage 2: the production dependencies of the API alone (no tsx, no build tools, no web or test packages).
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY packages/domain/package.json packages/domain/
RUN npm ci --omit=dev --no-audit --no-fund -w @wasiat/api -w @wasiat/domain

# Stage 3: the runtime, as the unprivileged user `node`: compiled JavaScript, the built web client and the
# production dependencies; no TypeScript sources.
FROM node:22-bookworm-slim
# tini as PID 1: SIGTERM reaches node, zombies are reaped (issue 35 item 4; ADR 0221).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-core tini && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data MALLOC_ARENA_MAX=2 \
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
WORKDIR /app
COPY --from=deps --chown=node:node /app /app
COPY --from=build --chown=node:node /app/apps/api/dist /app/apps/api/dist
COPY --from=build --chown=node:node /app/apps/web/dist /app/apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
# node itself, not npm → sh → node: the stop signal reaches the server, which drains (ADR 0111, ADR 0246).
CMD ["node", "--enable-source-maps", "apps/api/dist/main.js"]
