#!/usr/bin/env bash
# Crash campaign (issue 17, part 3): grouplog-crash-writer submits from 16 tasks through the
# library (group commit) and is killed with SIGKILL after a random 50 to 500 ms, KILLS times
# (200 by default) on one store; after each kill every acknowledged commit is in the log, nothing
# unsent is, `grouplog verify` is clean and every group's state hash equals a fresh fold of its
# log. `grouplog watch` and a `grouplog state` loop read throughout and must never see a torn
# state. Prints the findings, if any, and a one-line summary; exits 1 on any finding.
#
#   scripts/crash-campaign.sh [KILLS] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/campaign-build.sh
exec "$bin/grouplog-campaign" crash "$bin/grouplog" "$bin/grouplog-crash-writer" "${1:-200}" "${2:-17}"
