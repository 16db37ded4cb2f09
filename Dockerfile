# The `longcat` command line as a container image (docs/cluster.md).
#
#   docker build -t longcat:0.1.0 .
#   docker run --rm -v "$PWD/out:/work" longcat:0.1.0 generate --generator rsd --count 100 --out /work/rsd.json
#
# Node 24 LTS (maintained until April 2028), the exact release the suite's
# CLI tests ran on, pinned by digest so that builds cannot drift: the
# multi-platform index of node:24.21.0-slim built on 2026-09-19 (Debian
# bookworm snapshot of 2026-09-18), as the official image's published
# record gives it (docker-library/repo-info, repos/node/remote/24.21.0-slim.md).
# To move to a newer build or release, see docs/cluster.md ("The container
# image"): `docker buildx imagetools inspect node:24.21.0-slim` prints the
# tag's current digest; pass it with --build-arg NODE_IMAGE=... or change it here.
ARG NODE_IMAGE=node:24.21.0-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6

# Stage 1 packs the CLI exactly as `npm pack` does for a release (prepack
# bundles build/cli and the standalone player) and unpacks the tarball.
FROM ${NODE_IMAGE} AS pack
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm pack --pack-destination /tmp/pack && mkdir /tmp/pkg && tar -xzf /tmp/pack/*.tgz -C /tmp/pkg --strip-components=1

# Stage 2 installs the runtime dependencies from the lockfile (`npm ci
# --omit=dev`: the same versions as every other build of this commit), then
# the packed files beside them, and runs as the image's unprivileged user.
# The image holds no sources, tests or devDependencies.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production
WORKDIR /opt/longcat
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=pack /tmp/pkg/ ./
RUN ln -s /opt/longcat/bin/longcat.mjs /usr/local/bin/longcat
# The node image's unprivileged user (uid 1000); a read-only root file system works with /tmp mounted writable.
USER node
WORKDIR /work
ENTRYPOINT ["longcat"]
CMD ["--help"]
