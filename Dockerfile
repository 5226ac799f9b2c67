# syntax=docker/dockerfile:1
# Servery in one image: the built web app and server, production dependencies only, run as the
# unprivileged `node` user. The steps are the ones scripts/check-production-start.sh runs in CI
# (.ci/run "production-start"): npm ci, npm run build, npm prune --omit=dev, then `npm start`'s
# script on PostgreSQL. See docs/deploying.md.

# --- build: every dependency, then the build, then the development dependencies removed
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the install is cached until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- run: the pruned tree, owned by root and read-only to the server
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
# Ready = the server answers and its database does (GET /readyz); node has fetch, curl is absent.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs, without npm in between (signals reach the server: SIGTERM drains it).
# Migrations run at start. The tenant CLI: `docker compose exec app1 node apps/server/dist/cli/tenant.js list`.
CMD ["node", "scripts/start.mjs"]
