extension AuditPage {
    /// The page's inline style sheet.
    static let style = """
    body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1d2330; background: #fff; }
    h1 { font-size: 22px; margin: 0 0 8px; }
    h2 { font-size: 17px; margin: 24px 0 8px; }
    header p { margin: 2px 0; color: #444; }
    #row-cap { color: #8a4b00; }
    #charts { display: flex; flex-wrap: wrap; gap: 16px; margin-top: 16px; }
    .chart { border: 1px solid #d8dce4; border-radius: 6px; background: #fafbfd; }
    .chart .axis { stroke: #555; stroke-width: 1; }
    .chart .grid { stroke: #e3e6ec; stroke-width: 1; }
    .chart .line { stroke: #2f6fdb; stroke-width: 2; fill: none; }
    .chart .point { fill: #2f6fdb; }
    .chart .label { font-size: 11px; fill: #555; }
    .chart .chart-title { font-size: 13px; font-weight: 600; fill: #1d2330; }
    #filters { display: flex; gap: 16px; margin: 8px 0; }
    #filters select { margin-left: 4px; }
    #visible-count { color: #444; margin: 4px 0 8px; }
    table { border-collapse: collapse; }
    #timeline { width: 100%; }
    th, td { border-bottom: 1px solid #e3e6ec; padding: 4px 8px; text-align: left; vertical-align: top; }
    th { background: #f1f3f7; position: sticky; top: 0; }
    td.seq, td.time { white-space: nowrap; font-variant-numeric: tabular-nums; }
    td.outcome.applied { color: #1f7a3a; }
    td.outcome.rejected { color: #b3261e; font-weight: 600; }
    .code { font-family: ui-monospace, monospace; color: #b3261e; }
    .departed { color: #6b4ea0; }
    td.signature { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all; max-width: 22em; }
    td.signature.unsigned { color: #777; }
    td.signature.otherKey { color: #8a4b00; }
    td.signature.does-not-verify, #bad-signatures { color: #b3261e; font-weight: 600; }
    tr[hidden] { display: none; }
    """

    /// The page's inline script: the filters hide the rows that do not match, count the rows
    /// left, and read and write the URL fragment (`#actor=bo&outcome=rejected`), so that a
    /// filtered view can be shared and a headless browser can load one without clicks.
    static let script = """
    (function () {
      var selects = Array.prototype.slice.call(document.querySelectorAll('select[data-filter]'));
      var rows = Array.prototype.slice.call(document.querySelectorAll('#timeline tbody tr'));
      var count = document.getElementById('visible-rows');
      function matches(row, select) {
        if (!select.value) { return true; }
        var values = (row.getAttribute('data-' + select.getAttribute('data-filter')) || '').split(' ');
        return values.indexOf(select.value) >= 0;
      }
      function apply() {
        var visible = 0;
        rows.forEach(function (row) {
          var shown = selects.every(function (select) { return matches(row, select); });
          row.hidden = !shown;
          if (shown) { visible += 1; }
        });
        count.textContent = String(visible);
      }
      function readFragment() {
        var wanted = {};
        window.location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
          if (!pair) { return; }
          var cut = pair.indexOf('=');
          if (cut < 0) { return; }
          try {
            wanted[decodeURIComponent(pair.slice(0, cut))] = decodeURIComponent(pair.slice(cut + 1));
          } catch (error) { }
        });
        selects.forEach(function (select) {
          var value = wanted[select.getAttribute('data-filter')] || '';
          var known = Array.prototype.some.call(select.options, function (option) { return option.value === value; });
          select.value = known ? value : '';
        });
      }
      function writeFragment() {
        var parts = selects.filter(function (select) { return select.value; }).map(function (select) {
          return encodeURIComponent(select.getAttribute('data-filter')) + '=' + encodeURIComponent(select.value);
        });
        history.replaceState(null, '', parts.length ? '#' + parts.join('&') : window.location.pathname);
      }
      selects.forEach(function (select) {
        select.addEventListener('change', function () { apply(); writeFragment(); });
      });
      window.addEventListener('hashchange', function () { readFragment(); apply(); });
      readFragment();
      apply();
    })();
    """
}
