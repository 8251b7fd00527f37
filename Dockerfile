# syntax=docker/dockerfile:1
# Build stage: compile better-sqlite3 and the TypeScript sources.
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
# `npm ci` runs the package's `prepare` script (scripts/build-miniapp.ts), so that script comes with
# the lock file; it skips itself here, since the Mini App's sources are not copied in yet.
COPY package.json package-lock.json ./
COPY scripts/build-miniapp.ts ./scripts/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
# The admin Mini App's page (Vite) is built with the sources: its texts come from locales/.
COPY miniapp ./miniapp
COPY locales ./locales
RUN npm run build && npm prune --omit=dev

# Runtime stage: only what the bot needs, as an unprivileged user.
FROM node:22-bookworm-slim
ENV NODE_ENV=production DATABASE_PATH=/data/bot.sqlite
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY locales ./locales
COPY migrations ./migrations
COPY src/simulator/catalog.json ./dist/simulator/catalog.json
# The database lives in the /data volume (DATABASE_PATH above). ./data, the default outside the image,
# points there too, so an .env that sets DATABASE_PATH=./data/bot.sqlite still writes to the volume.
RUN mkdir -p /data && chown node:node /data && ln -s /data /app/data
USER node
VOLUME ["/data"]
# Migrations are applied by the bot itself at start-up.
CMD ["node", "dist/main.js"]
