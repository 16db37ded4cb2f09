# The `longcat` command line as a container image (docs/cluster.md).
#
#   docker build -t longcat:0.1.0 .
#   docker run --rm -v "$PWD/out:/work" longcat:0.1.0 generate --generator rsd --count 100 --out /work/rsd.json
#
# Stage 1 packs the CLI exactly as `npm pack` does for a release (prepack
# bundles build/cli and the standalone player); stage 2 installs that tarball
# like any user would, with runtime dependencies only, and runs as a non-root
# user. The image holds no sources, tests or devDependencies.

FROM node:20-slim AS pack
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm pack --pack-destination /tmp/pack

FROM node:20-slim
ENV NODE_ENV=production
COPY --from=pack /tmp/pack/ /tmp/pack/
RUN npm install --global --omit=dev --no-audit --no-fund /tmp/pack/*.tgz \
 && rm -rf /tmp/pack /root/.npm
# The node image's unprivileged user (uid 1000); a read-only root file system works with /tmp mounted writable.
USER node
WORKDIR /work
ENTRYPOINT ["longcat"]
CMD ["--help"]
