#!/usr/bin/env bash
# Builds the GroupLog library's documentation (Sources/GroupLog/GroupLog.docc and the doc
# comments) into .build/docs/GroupLog.doccarchive with the toolchain's own tools: SwiftPM builds
# the module, swift-symbolgraph-extract writes its symbol graph, and docc converts the catalog
# with it. Any docc warning (an unresolved link, a missing symbol) fails the script.
#
# Where the swift-docc-plugin can be fetched, `swift package generate-documentation --target
# GroupLog` does the same; this script needs no plugin and no network.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
grouplog_find_swift

swift build --target GroupLog
bin=$(swift build --show-bin-path)
# SwiftPM 6 writes the .swiftmodule files to Modules/; older toolchains beside the products.
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"

graphs=.build/docs/symbol-graphs
output=.build/docs/GroupLog.doccarchive
rm -rf "$graphs" "$output"
mkdir -p "$graphs"

# GroupStore, GroupStorePostgres, GroupCodec and GroupCore import the C modules, so their module
# maps must be found too (libpq's header lives under /usr/include/postgresql).
swift-symbolgraph-extract \
  -module-name GroupLog \
  -target "$(uname -m)-unknown-linux-gnu" \
  -I "$modules" \
  -I Sources/CLMDB -I Sources/CCrypto -I Sources/CPostgres -I Sources/CPrefetch/include -I /usr/include/postgresql \
  -minimum-access-level public \
  -skip-synthesized-members \
  -output-dir "$graphs"

docc convert Sources/GroupLog/GroupLog.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name GroupLog \
  --fallback-bundle-identifier org.grouplog.GroupLog \
  --output-path "$output" \
  --warnings-as-errors
echo "wrote $output"
