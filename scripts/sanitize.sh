#!/usr/bin/env bash
# The sanitizers (README, "Sanitizers"):
#   address  the whole test suite under AddressSanitizer (and LeakSanitizer), built into .build/asan
#   thread   the store, group-commit and library concurrency suites under ThreadSanitizer, built
#            into .build/tsan
#   all      both (the default)
# Each has a build directory of its own, so neither clobbers the debug build of scripts/test.sh.
# The grouplog binary the tests spawn is the one built beside the test bundle, so it runs under
# the same sanitizer, and its reports count as well: every report, the children's included, is
# written to a file (log_path), and any such file fails the run, even if the test that spawned
# the process did not look at its exit status. A throwaway PostgreSQL cluster (scripts/postgres.sh)
# serves the PostgreSQL tests, which must run (GROUPLOG_REQUIRE_POSTGRES=1).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-all}
case "$mode" in
  address | thread | all) ;;
  *) echo "usage: scripts/sanitize.sh [address|thread|all]" >&2; exit 64 ;;
esac
source scripts/setup.sh
source scripts/postgres.sh
grouplog_setup_tests
reports=$(mktemp -d)
trap 'grouplog_postgres_stop; rm -rf "$reports"' EXIT
grouplog_postgres_start
export GROUPLOG_REQUIRE_POSTGRES=1

# The ThreadSanitizer suites: every test that runs store code on several threads or processes at
# once. GroupStoreTests: ConcurrencyTests (threads racing for one sequence, readers while the map
# grows; every backend), GroupCommitTests, LMDBGroupCommitTests, PostgresGroupCommitTests and
# SubmitQueueTests (group commit), ChangeFeedTests, ChangeJournalTests and CommitWaitingTests
# (waking waiters, blocked and suspended), ProcessTests and PostgresProcessRaceTests (processes
# racing, each with its own threads), PostgresStoreTests (the listener thread and the connection
# pool), MutexThreadSanitizerTests, PipelinedReplayTests and CommitEncoderTests (second threads
# decoding or encoding a log), IncrementalSnapshotTests and SnapshotRecordTests (a second thread
# checking and decoding snapshots while a state read loads). GroupLogTests: StreamTests, ConversationsTests,
# PostgresStreamProcessTests and PostgresLibraryTests (tasks streaming while others submit).
thread_suites='GroupStoreTests\.(ConcurrencyTests|GroupCommitTests|LMDBGroupCommitTests|PostgresGroupCommitTests|SubmitQueueTests|ChangeFeedTests|ChangeJournalTests|CommitWaitingTests|ProcessTests|PostgresProcessRaceTests|PostgresStoreTests|MutexThreadSanitizerTests|PipelinedReplayTests|CommitEncoderTests|IncrementalSnapshotTests|SnapshotRecordTests)|GroupLogTests\.(StreamTests|ConversationsTests|PostgresStreamProcessTests|PostgresLibraryTests)'

# Prints the reports the sanitizer `$1` wrote (files $reports/$1.PID) and fails if there are any.
grouplog_sanitizer_reports() {
  local files=("$reports/$1".*)
  [ -e "${files[0]}" ] || return 0
  echo "sanitize: $1 reported in ${#files[@]} process(es):" >&2
  cat "${files[@]}" >&2
  return 1
}

# Runs `swift test` on the build in $1 with what follows as its arguments, then the report check
# of sanitizer $2, and prints how long the build and the run took.
grouplog_sanitized_tests() {
  local sanitizer=$1 path=$2 status=0 start
  shift 2
  start=$SECONDS
  swift build --build-tests --sanitize="$sanitizer" --build-path "$path"
  local built=$((SECONDS - start))
  start=$SECONDS
  swift test --skip-build --build-path "$path" "$@" || status=$?
  echo "sanitize: $sanitizer: build $built s, tests $((SECONDS - start)) s" >&2
  grouplog_sanitizer_reports "$sanitizer" || status=1
  return "$status"
}

status=0
if [ "$mode" = address ] || [ "$mode" = all ]; then
  # halt_on_error: the first error ends the process (a test then fails), and its report is in the
  # file. detect_leaks=0: at the test process's exit LeakSanitizer reports hundreds of objects,
  # every one allocated by the toolchain's libraries (XCTest's own pass, Foundation's Process and
  # file reading, the lazy globals of test files), none by Sources/; suppressing them would take
  # patterns (swift_allocObject, Foundation.Process) that would hide leaks of ours as well
  # (README, "Sanitizers").
  ASAN_OPTIONS="halt_on_error=1:detect_leaks=0:log_path=$reports/address" \
    grouplog_sanitized_tests address .build/asan || status=1
fi
if [ "$mode" = thread ] || [ "$mode" = all ]; then
  # halt_on_error: the first race ends the process; second_deadlock_stack: both stacks of a lock
  # order inversion.
  TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:log_path=$reports/thread" \
    grouplog_sanitized_tests thread .build/tsan --filter "$thread_suites" || status=1
fi
exit "$status"
