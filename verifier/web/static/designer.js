/* The pay-table editor's session, compare and search (on workbench.js's editor).
   Session: the edited pays, the bonus reading and the pinned tables are kept in the
   page's URL (after "#": reload it, bookmark it, send it: opening it restores them) and,
   per certificate and bet, in the browser's storage (switching bet and back, or going to
   another page and back through the menu, brings them back). Nothing is computed here:
   every figure comes from the server. */
(function () {
  "use strict";
  var W = window.workbenchEditor;
  var KEY = "paigow-workbench:";
  var LAST = KEY + "last-editor";
  var stored = true;              /* false: the browser keeps nothing (private mode, ...) */

  function storageGet(key) {
    try { return window.localStorage.getItem(key); } catch (e) { stored = false; return null; }
  }
  function storageSet(key, value) {
    try {
      if (value) { window.localStorage.setItem(key, value); } else { window.localStorage.removeItem(key); }
    } catch (e) { stored = false; }
  }

  /* the menu's editor link goes back to the last work, on every page */
  var last = storageGet(LAST);
  if (last && last.indexOf("/editor?") === 0) {
    document.querySelectorAll('header nav a[href="/editor"]').forEach(function (a) {
      a.setAttribute("href", last);
    });
  }
  if (!W) { return; }

  var el = W.el;
  var base = W.pays();             /* the table the page opened with: filed, or blank */
  var readingSelect = document.getElementById("reading");
  var baseReading = readingSelect ? readingSelect.value : null;
  var pinned = [];
  var applying = false;

  function changed(pays) {
    var out = {};
    Object.keys(pays).forEach(function (line) {
      if (pays[line] !== (base[line] || "")) { out[line] = pays[line]; }
    });
    return out;
  }
  function full(diff) {
    var out = {};
    Object.keys(base).forEach(function (line) { out[line] = base[line]; });
    Object.keys(diff || {}).forEach(function (line) { out[line] = String(diff[line]); });
    return out;
  }
  function state() {
    var s = {}, p = changed(W.pays());
    if (Object.keys(p).length) { s.pays = p; }
    if (readingSelect && readingSelect.value !== baseReading) { s.reading = readingSelect.value; }
    if (pinned.length) {
      s.pinned = pinned.map(function (t) { return {name: t.name, pays: changed(t.pays)}; });
    }
    return s;
  }
  function pageKey(cert, bet) { return KEY + cert + ":" + bet; }
  function here() { return "/editor?cert=" + encodeURIComponent(W.cert) + "&bet=" + encodeURIComponent(W.bet); }

  function save() {
    if (applying) { return; }
    var s = state();
    var hash = Object.keys(s).length ? "#" + encodeURIComponent(JSON.stringify(s)) : "";
    try { window.history.replaceState(null, "", here() + hash); } catch (e) { /* kept below */ }
    storageSet(pageKey(W.cert, W.bet), hash);
    storageSet(LAST, here() + hash);
    var box = document.getElementById("session-state");
    box.textContent = !hash ? "" : stored ? "saved in the address and this browser"
                                          : "saved in the address (copy it to keep it)";
  }

  function restore(hash) {
    var s;
    try { s = JSON.parse(decodeURIComponent(hash.replace(/^#/, ""))); } catch (e) { return; }
    if (!s || typeof s !== "object") { return; }
    applying = true;
    if (s.reading && readingSelect) { readingSelect.value = s.reading; }
    pinned = (Array.isArray(s.pinned) ? s.pinned : []).slice(0, 4).map(function (t) {
      return {name: String(t.name || "table"), pays: full(t.pays)};
    });
    W.setPays(full(s.pays));
    applying = false;
    save();
    drawCompare();
  }

  window.workbenchOpen = function (cert, bet) {
    save();
    var saved = storageGet(pageKey(cert, bet)) || "";
    window.location.assign("/editor?cert=" + encodeURIComponent(cert) + "&bet=" +
                           encodeURIComponent(bet) + saved);
  };

  var pick = document.getElementById("pick");
  if (pick) {
    pick.addEventListener("submit", function (ev) {     /* "Open": the bet's saved work too */
      ev.preventDefault();
      window.workbenchOpen(pick.elements.cert.value, pick.elements.bet.value);
    });
  }

  /* a warning before work is lost: only when this browser cannot keep it */
  window.addEventListener("beforeunload", function (ev) {
    var s = state();
    if (!stored && (s.pays || s.pinned)) {
      ev.preventDefault();
      ev.returnValue = "";
    }
  });

  /* ------------------------------------------------------------ compare */
  function drawCompare() {
    var box = document.getElementById("compare");
    document.getElementById("pinned-count").textContent =
      pinned.length ? pinned.length + " pinned" : "";
    if (!pinned.length) { box.textContent = ""; return; }
    W.post("/api/compare", {cert: W.cert, bet: W.bet, tables: pinned, reading: W.reading()})
      .then(function (data) {
        box.textContent = "";
        if (data.error) { box.appendChild(el("p", data.error, "error")); return; }
        var table = el("table", undefined, "grid compare");
        table.id = "compare-table";
        var thead = el("thead"), head = el("tr");
        head.appendChild(el("th", ""));
        data.names.forEach(function (n, i) {
          head.appendChild(el("th", n + (i === 0 ? " (baseline)" : "")));
          if (i) { head.appendChild(el("th", "\u0394 vs " + data.baseline, "delta")); }
        });
        thead.appendChild(head);
        table.appendChild(thead);
        var tbody = el("tbody");
        data.rows.forEach(function (row) {
          var tr = el("tr", undefined, "row-" + row.kind + (row.changed ? " changed" : ""));
          tr.appendChild(el("td", row.label));
          row.cells.forEach(function (cell, i) {
            tr.appendChild(el("td", cell, !i ? "num baseline" :
                              cell !== row.cells[0] && row.kind !== "summary" ? "num differs" : "num"));
            if (i) { tr.appendChild(el("td", row.deltas[i - 1], "num delta")); }
          });
          tbody.appendChild(tr);
        });
        table.appendChild(tbody);
        box.appendChild(table);
      });
  }
  document.getElementById("pin").addEventListener("click", function () {
    if (pinned.length >= 4) { pinned.shift(); }
    pinned.push({name: W.tableName() + " (" + (pinned.length + 1) + ")", pays: W.pays()});
    save();
    drawCompare();
  });
  document.getElementById("unpin").addEventListener("click", function () {
    pinned = [];
    save();
    drawCompare();
  });
  document.getElementById("compare-all").addEventListener("change", function (ev) {
    document.getElementById("compare-section").classList.toggle("all-lines", ev.target.checked);
  });
  document.getElementById("reset").addEventListener("click", function () {
    pinned = [];
    if (readingSelect && baseReading !== null) { readingSelect.value = baseReading; }
    W.setPays(full({}));
    drawCompare();
  });

  /* ------------------------------------------------------------ search */
  document.getElementById("search").addEventListener("click", function () {
    var lines = [];
    document.querySelectorAll("input.solve-line:checked").forEach(function (c) { lines.push(c.value); });
    var box = document.getElementById("search-result");
    var body = {cert: W.cert, bet: W.bet, pays: W.pays(), reading: W.reading(), lines: lines,
                low: document.getElementById("search-low").value,
                high: document.getElementById("search-high").value,
                step: document.getElementById("search-step").value,
                rank: document.getElementById("search-rank").value,
                target: document.getElementById("search-target").value};
    box.textContent = "searching\u2026";
    W.post("/api/search", body).then(function (data) {
      box.textContent = "";
      if (data.error) { box.appendChild(el("p", data.error, "error")); return; }
      box.appendChild(el("p", data.found.toLocaleString("en-US") + " tables in the range; " +
        (data.shown ? "the first " + data.shown + ", each confirmed from the certificate's counts:"
                    : "widen the range or take a smaller step."), "note"));
      if (!data.shown) { return; }
      var table = el("table", undefined, "grid search");
      table.id = "search-table";
      /* "Load" first, so that it stays in view however many lines the search moves */
      var head = el("tr");
      head.appendChild(el("th", ""));
      data.lines.forEach(function (l) { head.appendChild(el("th", titleOf(l))); });
      ["House edge", "Hit frequency", "SD"].forEach(function (h) { head.appendChild(el("th", h)); });
      table.appendChild(head);
      data.tables.forEach(function (t, i) {
        var tr = el("tr");
        tr.setAttribute("data-edge-exact", t.house_edge_exact);
        tr.setAttribute("data-pays", JSON.stringify(t.pays));
        var cell = el("td"), b = el("button", "Load");
        b.type = "button";
        b.className = "load-found";
        b.id = "load-found-" + i;
        b.addEventListener("click", function () { W.setPays(t.pays); });
        cell.appendChild(b);
        tr.appendChild(cell);
        t.labels.forEach(function (p) { tr.appendChild(el("td", p, "num")); });
        var edge = el("td", t.house_edge, "num house-edge");
        edge.title = t.house_edge_exact;
        tr.appendChild(edge);
        tr.appendChild(el("td", t.hit_frequency, "num"));
        tr.appendChild(el("td", t.standard_deviation, "num"));
        table.appendChild(tr);
      });
      var wrap = el("div", undefined, "scroll-x");
      wrap.appendChild(table);
      box.appendChild(wrap);
    });
  });
  function titleOf(line) {
    var tr = document.querySelector('#grid tr[data-line="' + line + '"]');
    return tr ? tr.children[1].textContent : line;
  }

  W.onChange(save);
  if (window.location.hash.length > 1) { restore(window.location.hash); }
}());
