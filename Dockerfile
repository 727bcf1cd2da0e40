# The API as a container (docs/deploy.md). Build: `docker build -t organ-air-api .`
# Stage 1 builds the plain-JavaScript bundle (npm run build:api); stage 2 holds only that bundle, its
# migrations and the API's runtime packages, and runs it as an unprivileged user.
# `npm run check:container` replays both stages without a container engine (scripts/container-check.mjs).
FROM node:20-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY api ./api
COPY contract ./contract
COPY scripts/build-api.mjs ./scripts/build-api.mjs
RUN npm run build:api

FROM node:20-slim
# NODE_OPTIONS: the API's heap limit (scripts/api-node-flags.mjs, docs/decisions/045); `-e NODE_OPTIONS=…` changes it.
ENV NODE_ENV=production \
    NODE_OPTIONS="--max-old-space-size=512" \
    API_HOST=0.0.0.0 \
    API_PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
# The API's runtime packages only: `dependencies` are what the bundle loads (scripts/runtime-packages.test.ts).
# --omit=optional too: the optional peers of drizzle-orm that devDependencies also install (PGlite, the
# Worker's types) and pg's Cloudflare socket would come in otherwise (docs/decisions/066).
RUN npm ci --omit=dev --omit=optional --ignore-scripts && npm cache clean --force
COPY --from=build /src/dist/api ./dist/api
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.API_PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/api/server.js"]
