#!/usr/bin/env bash
# The main job: builds grouplog (release), runs every bundled fixture and SPEC.md's example
# fixtures, then shows one replay.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
grouplog_setup
swift build -c release --product grouplog
grouplog=.build/release/grouplog
examples=()
[ -f ../shared/examples/random-xmtp.json ] && examples+=(../shared/examples/random-xmtp.json)
echo "== grouplog fixture run Fixtures ${examples[*]}"
$grouplog fixture run Fixtures "${examples[@]}"
echo
echo "== grouplog replay Fixtures/demo-team-lifecycle.json"
$grouplog replay Fixtures/demo-team-lifecycle.json
