# Sourced by demo.sh and test.sh: makes sure this Debian machine can build GroupLog.
# It finds the Swift toolchain and installs, with apt-get, the Debian packages the toolchain
# and GroupLog build against when any is missing (as root, or through sudo).

# The Swift toolchain's own Debian 12 dependencies (swift.org's Linux install guide), then
# what GroupLog itself links.
GROUPLOG_APT_PACKAGES=(
  binutils git gnupg2 libc6-dev libcurl4-openssl-dev libedit2 libgcc-12-dev libpython3-dev
  libsqlite3-0 libstdc++-12-dev libxml2-dev libz3-dev pkg-config tzdata zlib1g-dev
  liblmdb-dev libssl-dev lmdb-utils
  # PostgreSQL's client library, for the PostgreSQL backend (Sources/GroupStorePostgres).
  libpq-dev
  # The SQLite rival of grouplog-bench (Benchmarks/SQLiteEventStore).
  libsqlite3-dev
)

# What the tests need besides: Debian's chromium, which loads the audit page headless
# (Tests/grouplogTests/AuditPageBrowserTests.swift), the PostgreSQL server the tests start a
# throwaway cluster of (scripts/postgres.sh), and the openssl tool, whose keys the key file tests
# read and which reads theirs (they skip without it). The demo does without them.
GROUPLOG_TEST_APT_PACKAGES=(chromium postgresql-15 openssl)

grouplog_find_swift() {
  if ! command -v swift >/dev/null 2>&1; then
    for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin "$HOME/.swiftly/bin"; do
      if [ -x "$dir/swift" ]; then PATH="$dir:$PATH"; export PATH; break; fi
    done
  fi
  if ! command -v swift >/dev/null 2>&1; then
    echo "setup: no Swift toolchain found. Install Swift 6.3 from swift.org (it is not a Debian package) and put its usr/bin on PATH." >&2
    return 1
  fi
}

# Installs those of the given Debian packages that are not installed yet; quiet when none is missing.
grouplog_install_packages() {
  local missing=()
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "setup: installing ${missing[*]}" >&2
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "setup: need root or sudo to install ${missing[*]}" >&2; return 1; }
    sudo="sudo"
  fi
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

grouplog_setup() {
  grouplog_install_packages "${GROUPLOG_APT_PACKAGES[@]}" && grouplog_find_swift
}

# For the tests: the build's packages and the browser the audit page's test drives.
grouplog_setup_tests() {
  grouplog_install_packages "${GROUPLOG_APT_PACKAGES[@]}" "${GROUPLOG_TEST_APT_PACKAGES[@]}" && grouplog_find_swift
}
