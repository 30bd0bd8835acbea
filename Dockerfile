# syntax=docker/dockerfile:1
# The production image (issue 14): built in one stage with every dependency, run in another with
# production dependencies only, as an unprivileged user, with plain `node` (no tsx, no compiler).
# Build: scripts/docker-build.sh (or `docker build -t noor .`); run: compose.yaml, docs/deploy.md.
# The reviewer CLI is compiled too: `node dist/server/admin.js <command>`.

ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The browser app (dist/client) and the compiled server (dist/server, migrations beside it).
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    STATIC_DIR=/app/dist/client \
    DATA_DIR=/var/lib/noor
WORKDIR /app
# `node` (uid 1000) comes with the image; it owns only its data folder, not the code.
RUN mkdir -p /var/lib/noor && chown node:node /var/lib/noor
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
USER node
EXPOSE 3000
# Liveness for `docker run`; orchestrators use /api/health/live and /api/health/ready directly.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 here and handles SIGTERM itself (readiness 503, in-flight requests finish, exit 0).
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
