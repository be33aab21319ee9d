#!/usr/bin/env bash
# The tests: unit, property and fixture tests (swift test), then every fixture through the CLI,
# then the benchmarks' quick mode, to prove they still run and write their results (its timings
# come from a debug build and are never judged), then the short reliability campaigns (kill -9,
# full disk, flipped bytes), then each fuzz target for a few seconds (scripts/fuzz.sh), then the
# concurrency suites under ThreadSanitizer (scripts/sanitize.sh thread), then the library's
# documentation (docc warnings fail it). A throwaway PostgreSQL cluster (scripts/postgres.sh)
# serves the run's PostgreSQL tests and is deleted at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/postgres.sh
grouplog_setup_tests
results=$(mktemp -d)
trap 'grouplog_postgres_stop; rm -rf "$results"' EXIT
grouplog_postgres_start
# The PostgreSQL tests must run here, not be skipped for want of a server.
export GROUPLOG_REQUIRE_POSTGRES=1
# The headless-browser test of the audit page must run here, not be skipped.
export GROUPLOG_REQUIRE_CHROMIUM=1
swift build --build-tests
swift test --skip-build
examples=()
for example in random-xmtp random-fields random-lifecycle; do
  [ -f "../shared/examples/$example.json" ] && examples+=("../shared/examples/$example.json")
done
.build/debug/grouplog fixture run Fixtures "${examples[@]}"
.build/debug/grouplog-bench --quick --results "$results" > "$results/quick.txt"
test -s "$results/benchmarks.csv"
# The PostgreSQL benchmarks ran against the cluster, not skipped for want of a server.
grep -q '^postgres\.ingest,' "$results/benchmarks.csv"
grep -q '^postgres\.replica\.lag,' "$results/benchmarks.csv"
echo "benchmarks: the quick run finished and wrote $(($(wc -l < "$results/benchmarks.csv") - 1)) figures"
# ---- Reliability campaigns (issue 17), short versions, on the debug build made above ----------
# Each prints its findings and a one-line summary, and fails the run on any finding. The long
# runs (200 kills, 1,000 trials) and their figures are in README.md, "Reliability campaigns".
export GROUPLOG_CAMPAIGN_CONFIG=debug GROUPLOG_CAMPAIGN_NO_BUILD=1
scripts/crash-campaign.sh 20
scripts/full-disk-campaign.sh 10
scripts/corrupt-campaign.sh 100
# Again with a fifth group long enough to be read by the chain-check thread (about 15 s).
GROUPLOG_CAMPAIGN_LONG_GROUP=1 scripts/corrupt-campaign.sh 20
unset GROUPLOG_CAMPAIGN_CONFIG GROUPLOG_CAMPAIGN_NO_BUILD
# ---- end of the reliability campaigns ------------------------------------------------------------
# --- fuzz (issue 17) ------------------------------------------------------------------------
# Every libFuzzer target for a short time (GROUPLOG_FUZZ_SECONDS each, 15 by default), from the
# committed seed corpora: a crash, an out-of-memory or a timeout fails the run and leaves the
# input in Fuzz/crashes/. The fuzzer's own build (release, -sanitize=fuzzer,address, in
# .build/fuzz) is most of this step's time.
fuzz_start=$SECONDS
bash scripts/fuzz.sh all "${GROUPLOG_FUZZ_SECONDS:-15}"
echo "fuzz: the build and every target in $((SECONDS - fuzz_start)) s"
# --- end of fuzz ---------------------------------------------------------------------------
# ---- Sanitizers (README, "Sanitizers") --------------------------------------------------------
# ThreadSanitizer over the concurrency suites, in its own build directory (.build/tsan) and with
# its own throwaway PostgreSQL cluster. AddressSanitizer over the whole suite takes longer than
# CI can spend (about 13 minutes here): run `scripts/sanitize.sh address` by hand.
bash scripts/sanitize.sh thread
# ---- end of sanitizers ------------------------------------------------------------------------
bash scripts/docs.sh
