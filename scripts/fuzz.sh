#!/usr/bin/env bash
# Fuzzes GroupLog's readers with libFuzzer (Fuzz/README.md).
#
#   scripts/fuzz.sh TARGET SECONDS     one target: commit outcome state snapshot delta ingest fixture config cli
#   scripts/fuzz.sh all SECONDS        every target in turn, SECONDS each
#
# Builds Fuzz/Sources/grouplog-fuzz with -sanitize=fuzzer,address into .build/fuzz (a build of its
# own, so the debug build is left alone), then runs each target on a working corpus in
# .build/fuzz-corpus/TARGET seeded from the committed Fuzz/corpus/TARGET. Prints one summary line
# per target. An input that crashes, runs out of memory or times out is saved as
# Fuzz/crashes/TARGET-crash-..., -oom-... or -timeout-..., and the script fails.
set -euo pipefail
cd "$(dirname "$0")/.."

all_targets=(commit outcome state snapshot delta ingest fixture config cli)
if [ $# -lt 2 ] || ! [[ "$2" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh TARGET|all SECONDS   (targets: ${all_targets[*]})" >&2
  exit 64
fi
if [ "$1" = all ]; then targets=("${all_targets[@]}"); else targets=("$1"); fi
seconds=$2
for target in "${targets[@]}"; do
  [[ " ${all_targets[*]} " == *" $target "* ]] || { echo "fuzz: unknown target $target (${all_targets[*]})" >&2; exit 64; }
done

# The largest input per target (matches FuzzTarget.maximumLength).
max_len() {
  case $1 in
    commit|outcome|cli) echo 4096 ;;
    fixture) echo 32768 ;;
    *) echo 16384 ;;
  esac
}

scratch=.build/fuzz
swift build -c release --scratch-path "$scratch" --product grouplog-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZ 2>&1 | grep -Ev "Cannot export local symbol '__asan_extra_spill_area'" | tail -n 1
binary=$scratch/release/grouplog-fuzz
mkdir -p Fuzz/crashes
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

failed=0
for target in "${targets[@]}"; do
  # Absolute paths: the cli target runs its command lines in a scratch directory of its own.
  work=$PWD/.build/fuzz-corpus/$target
  mkdir -p "$work"
  log=$logs/$target.log
  status=0
  # Leak checking is off: the Swift runtime's caches live until exit and would read as leaks.
  GROUPLOG_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=0 "$binary" \
    -max_total_time="$seconds" -rss_limit_mb=1536 -malloc_limit_mb=1024 -timeout=10 \
    -max_len="$(max_len "$target")" -print_final_stats=1 \
    -artifact_prefix="$PWD/Fuzz/crashes/$target-" "$work" "$PWD/Fuzz/corpus/$target" > "$log" 2>&1 || status=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -n 1)
  last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<< "$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<< "$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<< "$last")
  crashes=$(grep -cE '^(artifact_prefix=|Test unit written to)' "$log" || true)
  if [ "$status" -ne 0 ] && [ "$crashes" -eq 0 ]; then crashes=1; fi
  echo "fuzz $target: ${seconds}s, ${execs:-0} execs, cov ${cov:-?}, ft ${ft:-?}, corpus ${corp:-?}, peak rss ${rss:-?} MB, crashes $crashes"
  if [ "$status" -ne 0 ]; then
    failed=1
    grep -E 'ERROR: |Fatal error|SUMMARY|Test unit written to' "$log" | head -n 8 >&2 || tail -n 30 "$log" >&2
    cp "$log" "Fuzz/crashes/$target.log"
  fi
done
exit $failed
