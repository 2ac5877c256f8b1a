# syntax=docker/dockerfile:1
# Écolage: one image for the API, the worker and the migrations (docs/deploy.md).
#   docker build -t ecolage .
#   docker run ecolage            # API (npm run api)
#   docker run ecolage worker     # background work
#   docker run ecolage migrate    # migrations, then exits

# ── Build: every dependency, then the web app, the server bundle and the sandbox ─────────────
FROM node:24-bookworm-slim AS build
WORKDIR /app
# Manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/psp-sandbox/package.json apps/psp-sandbox/
COPY packages/contracts/package.json packages/contracts/
COPY packages/money/package.json packages/money/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ── Runtime: production dependencies only, the built files, a non-root user ─────────────────
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WORKER_PORT=3001 \
    DATA_DIR=/var/lib/ecolage \
    MIGRATE_ON_START=false \
    TRUST_PROXY=true
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/psp-sandbox/package.json apps/psp-sandbox/
COPY packages/contracts/package.json packages/contracts/
COPY packages/money/package.json packages/money/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/packages/contracts packages/contracts
COPY --from=build /app/packages/money packages/money
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY deploy/docker/entrypoint.sh deploy/docker/healthcheck.mjs deploy/docker/
# The node image's unprivileged user; DATA_DIR (local files, exports) is its own.
RUN mkdir -p /var/lib/ecolage && chown node:node /var/lib/ecolage \
    && chmod 0755 deploy/docker/entrypoint.sh
USER node
EXPOSE 3000 3001
# Liveness: the API answers on PORT, the worker on WORKER_PORT (health and metrics only).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "deploy/docker/healthcheck.mjs"]
ENTRYPOINT ["deploy/docker/entrypoint.sh"]
CMD ["api"]
