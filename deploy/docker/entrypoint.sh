#!/bin/sh
# Which process this container runs: api (default), worker, migrate, or any command given.
set -e
case "$1" in
  api) exec node apps/server/dist/api.js ;;
  worker) exec node apps/server/dist/worker.js ;;
  migrate) exec node apps/server/dist/migrate-cli.js ;;
  all) exec node apps/server/dist/main.js ;;
  *) exec "$@" ;;
esac
