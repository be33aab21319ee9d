# Sourced by the campaign scripts: builds (unless GROUPLOG_CAMPAIGN_NO_BUILD=1) and locates
# grouplog, grouplog-crash-writer and grouplog-campaign in the configuration
# GROUPLOG_CAMPAIGN_CONFIG names (release by default; scripts/test.sh uses the debug build it
# already has).
config="${GROUPLOG_CAMPAIGN_CONFIG:-release}"
if [ "${GROUPLOG_CAMPAIGN_NO_BUILD:-0}" != 1 ]; then
  source scripts/setup.sh
  grouplog_find_swift
  for product in grouplog grouplog-crash-writer grouplog-campaign; do
    swift build -c "$config" --product "$product" >&2
  done
fi
bin="$PWD/.build/$config"
for binary in grouplog grouplog-crash-writer grouplog-campaign; do
  [ -x "$bin/$binary" ] || { echo "campaign: $bin/$binary is not built" >&2; exit 2; }
done
