# Production image. The first stage compiles the TypeScript sources to JavaScript in dist/ (npm run build: tsc plus
# the web assets beside the modules that serve them, and the staff's pages bundled into build/web); the second runs `node dist/main.js` on Node 22 LTS with
# production dependencies only, as the unprivileged `node` user.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The client library is an npm workspace of the repository: npm ci wants its manifest, not its code.
COPY packages/client/package.json ./packages/client/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build

FROM node:22-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/client/package.json ./packages/client/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/build ./build
# The VIN data's indexed copy (src/vin/vpic-database.ts) is built into the image, so no container pays for it.
RUN node -e "import('./dist/vin/vpic-database.js').then((vpic) => vpic.prepareVpicCopy())"
USER node
EXPOSE 4000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
