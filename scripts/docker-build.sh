#!/usr/bin/env bash
# Builds the production image where a Docker daemon is available (CI here has none: there the compose
# file's syntax is checked by tests/server/deploy-files.test.ts instead). Usage: scripts/docker-build.sh [tag]
set -euo pipefail
cd "$(dirname "$0")/.."
TAG="${1:-noor:latest}"
if ! docker info >/dev/null 2>&1; then
  echo "docker-build: no Docker daemon reachable; nothing built" >&2
  exit 1
fi
docker build -t "$TAG" .
# The image must run as a non-root user and start with plain node.
user=$(docker image inspect "$TAG" --format '{{.Config.User}}')
[[ -n "$user" && "$user" != "root" && "$user" != "0" ]] || { echo "docker-build: the image runs as root" >&2; exit 1; }
echo "docker-build: built $TAG (user $user)"
if docker compose version >/dev/null 2>&1; then
  POSTGRES_PASSWORD=x OTP_SECRET=x PUSHER_SECRET=x ADMIN_TOKEN=x docker compose config --quiet && echo "docker-build: compose.yaml is valid"
fi
