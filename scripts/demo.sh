#!/usr/bin/env bash
# The main job: builds grouplog (release), runs every bundled fixture and SPEC.md's example
# fixture, shows one replay, then puts that log in a fresh store and works on it there.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
grouplog_setup
swift build -c release --product grouplog
grouplog="$PWD/.build/release/grouplog"
examples=()
for example in random-xmtp random-fields random-lifecycle; do
  [ -f "../shared/examples/$example.json" ] && examples+=("../shared/examples/$example.json")
done
echo "== grouplog fixture run Fixtures ${examples[*]}"
"$grouplog" fixture run Fixtures "${examples[@]}" | tail -n 3
echo
echo "== grouplog replay Fixtures/demo-team-lifecycle.json"
"$grouplog" replay Fixtures/demo-team-lifecycle.json
store=$(mktemp -d)
trap 'rm -rf "$store"' EXIT
export GROUPLOG_STORE="$store/data"
echo
echo "== a store in $GROUPLOG_STORE"
"$grouplog" init
"$grouplog" import Fixtures/demo-team-lifecycle.json --group team
"$grouplog" submit team --actor caro --time 5000 --changes '[{"op":"addMembers","inboxes":["gus"]}]'
"$grouplog" submit team --actor bo --time 5100 --changes '{"op":"addAdmin","inbox":"gus"}' || echo "(exit $?: rejected, nothing written)"
"$grouplog" log team --from 9
"$grouplog" verify
"$grouplog" state team --json | head -n 4
