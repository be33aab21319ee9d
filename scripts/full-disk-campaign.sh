#!/usr/bin/env bash
# Full-disk campaign (issue 17, part 4): ROUNDS times (20 by default), a file-size limit
# (`ulimit -f`, SIGXFSZ ignored) a little above the data file's size, and under it
# grouplog-crash-writer's 16 tasks beside 12 `grouplog submit` processes until the writes fail:
# every submit is acknowledged and present, or failed (StoreError; exit 3) and absent, and the
# store opens and verifies afterwards. Prints the findings, if any, and a one-line summary.
#
#   scripts/full-disk-campaign.sh [ROUNDS] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/campaign-build.sh
exec "$bin/grouplog-campaign" full-disk "$bin/grouplog" "$bin/grouplog-crash-writer" "${1:-20}" "${2:-17}"
