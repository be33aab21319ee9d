#!/usr/bin/env bash
# Corruption campaign (issue 17, part 5): TRIALS times (1,000 by default), 1 to 4 random bytes of
# a copy of a store's data.mdb (4 groups, snapshots every 10 commits) flipped, then `grouplog
# verify`, `state` of every group, `log`, `replay`, `rebuild` and `state` again, each its own
# process: none may crash, and each either reports the damage (exit 5; verify lists it) or
# prints what it printed for the undamaged store. Prints the findings, if any, and a one-line
# summary; exits 1 on any finding.
#
#   scripts/corrupt-campaign.sh [TRIALS] [SEED]
#
# GROUPLOG_CAMPAIGN_LONG_GROUP=1 adds a fifth group of 4,200 commits, which verify, log, replay
# and rebuild read with the second thread that decodes and checks the chain.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/campaign-build.sh
exec "$bin/grouplog-campaign" corrupt "$bin/grouplog" "${1:-1000}" "${2:-17}"
