/* The workbench's little script: the pay-table editor's live figures, solve, compare and
   downloads, and the hand page's card picker. No framework, no build step. Every figure
   comes from the server (verifier/web/workbench.py); this script only shows it. */
(function () {
  "use strict";
  var token = document.querySelector('meta[name="csrf-token"]').content;

  function post(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": token},
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().catch(function () { return {error: "the server answered " + r.status}; })
        .then(function (data) {
          if (!r.ok && !data.error) { data.error = "the server answered " + r.status; }
          return data;
        });
    }, function () { return {error: "the workbench server does not answer"}; });
  }

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) { e.textContent = text; }
    if (cls) { e.className = cls; }
    return e;
  }

  /* ------------------------------------------------------------ card picker */
  var picker = document.getElementById("cardpicker");
  if (picker) {
    var cards = document.getElementById("cards");
    picker.addEventListener("click", function (ev) {
      var card = ev.target.getAttribute("data-card");
      if (card) {
        var have = cards.value.trim().split(/\s+/).filter(Boolean);
        if (have.indexOf(card) < 0 && have.length < 7) { have.push(card); }
        cards.value = have.join(" ");
      }
      if (ev.target.id === "clear-cards") { cards.value = ""; }
    });
  }

  /* ------------------------------------------------------------ the editor */
  var editor = document.getElementById("editor");
  var pick = document.getElementById("pick");
  if (pick) {
    document.getElementById("cert").addEventListener("change", function () {
      document.getElementById("bet").disabled = true;
      pick.submit();
    });
    document.getElementById("bet").addEventListener("change", function () { pick.submit(); });
  }
  if (!editor) { return; }
  var cert = editor.getAttribute("data-cert");
  var bet = editor.getAttribute("data-bet");
  var errorLine = document.getElementById("error");
  var pinned = [];
  var sequence = 0;

  function reading() {
    var r = document.getElementById("reading");
    return r ? r.value : null;
  }
  function pays() {
    var out = {};
    document.querySelectorAll("input.pay").forEach(function (input) {
      out[input.getAttribute("data-line")] = input.value;
    });
    return out;
  }
  function tableName() { return document.getElementById("table-name").value; }
  function request() {
    return {cert: cert, bet: bet, pays: pays(), reading: reading()};
  }

  function show(data) {
    errorLine.textContent = data.error || "";
    editor.classList.toggle("stale", !!data.error);
    if (data.error) { return; }
    document.querySelectorAll("#grid tbody tr").forEach(function (tr) {
      var row = data.lines[tr.getAttribute("data-line")];
      ["combinations", "probability", "odds", "contribution", "probability_exact",
       "contribution_exact"].forEach(function (key) {
        tr.querySelector("." + key).textContent = row ? row[key] : "-";
      });
      tr.classList.toggle("flagged", !!(row && row.flags && row.flags.length));
    });
    document.getElementById("house-edge").textContent = data.house_edge;
    var body = document.querySelector("#figures tbody");
    body.textContent = "";
    data.figures.forEach(function (f) {
      var tr = el("tr");
      tr.appendChild(el("td", f.name));
      tr.appendChild(el("td", f.value, "num"));
      tr.appendChild(el("td", f.exact, "exact"));
      body.appendChild(tr);
    });
    var flags = document.getElementById("flags");
    flags.textContent = "";
    data.flags.forEach(function (f) { flags.appendChild(el("p", "\u2691 " + f, "flag")); });
  }

  function refresh() {
    var mine = ++sequence;
    editor.setAttribute("data-busy", "1");
    return post("/api/figures", request()).then(function (data) {
      if (mine !== sequence) { return; }
      show(data);
      editor.setAttribute("data-busy", "0");
    });
  }

  document.querySelectorAll("input.pay").forEach(function (input) {
    input.addEventListener("input", refresh);
  });
  var readingSelect = document.getElementById("reading");
  if (readingSelect) { readingSelect.addEventListener("change", refresh); }
  document.getElementById("show-exact").addEventListener("change", function (ev) {
    document.body.classList.toggle("show-exact", ev.target.checked);
  });

  /* solve */
  function setPays(map) {
    Object.keys(map).forEach(function (line) {
      var input = document.querySelector('input.pay[data-line="' + line + '"]');
      if (input) { input.value = map[line]; }
    });
    return refresh();
  }
  document.getElementById("solve").addEventListener("click", function () {
    var lines = [];
    document.querySelectorAll("input.solve-line:checked").forEach(function (c) {
      lines.push(c.value);
    });
    var box = document.getElementById("solve-result");
    var body = request();
    body.lines = lines;
    body.edge = document.getElementById("target-edge").value;
    box.textContent = "solving\u2026";
    post("/api/solve", body).then(function (data) {
      box.textContent = "";
      if (data.error) { box.appendChild(el("p", data.error, "error")); return; }
      var exact = describe(data.pay_text);
      box.appendChild(el("p", "Exact: " + exact + " gives a house edge of exactly " +
                              data.target_edge.exact + "."));
      var choices = [["exact", data.pay_text, "Use the exact pays"],
                     ["below", data.below.pays, "Use " + describe(data.below.pays) +
                      " (house edge " + data.below.house_edge_percent + ")"],
                     ["above", data.above.pays, "Use " + describe(data.above.pays) +
                      " (house edge " + data.above.house_edge_percent + ")"]];
      choices.forEach(function (c) {
        var b = el("button", c[2]);
        b.type = "button";
        b.id = "use-" + c[0];
        b.addEventListener("click", function () { setPays(c[1]); });
        box.appendChild(b);
        box.appendChild(document.createTextNode(" "));
      });
    });
  });
  function titleOf(line) {
    var tr = document.querySelector('#grid tr[data-line="' + line + '"]');
    return tr ? tr.children[1].textContent : line;
  }
  function describe(map) {
    return Object.keys(map).map(function (l) {
      return titleOf(l) + " " + map[l] + " to 1";
    }).join(", ");
  }

  /* compare */
  function drawCompare() {
    var box = document.getElementById("compare");
    box.textContent = "";
    if (!pinned.length) { return; }
    post("/api/compare", {cert: cert, bet: bet, tables: pinned, reading: reading()})
      .then(function (data) {
        box.textContent = "";
        if (data.error) { box.appendChild(el("p", data.error, "error")); return; }
        var table = el("table", undefined, "grid compare");
        var head = el("tr");
        head.appendChild(el("th", ""));
        data.names.forEach(function (n) { head.appendChild(el("th", n)); });
        table.appendChild(head);
        data.rows.forEach(function (row) {
          var tr = el("tr");
          row.forEach(function (cell, i) { tr.appendChild(el("td", cell, i ? "num" : "")); });
          table.appendChild(tr);
        });
        box.appendChild(table);
      });
  }
  document.getElementById("pin").addEventListener("click", function () {
    if (pinned.length >= 4) { pinned.shift(); }
    pinned.push({name: tableName() + " (" + (pinned.length + 1) + ")", pays: pays()});
    drawCompare();
  });
  document.getElementById("unpin").addEventListener("click", function () {
    pinned = [];
    drawCompare();
  });

  /* downloads: the grid's pay table goes with the form */
  document.getElementById("download").addEventListener("submit", function (ev) {
    ev.target.elements.pays.value = JSON.stringify(pays());
    ev.target.elements.name.value = tableName();
    ev.target.elements.reading.value = reading() || "";
  });

  refresh();
}());

/* ------------------------------------------------------------ progressives */
(function () {
  "use strict";
  var box = document.getElementById("progressive");
  if (!box) { return; }
  var token = document.querySelector('meta[name="csrf-token"]').content;
  var sliders = box.querySelectorAll(".meter-slider");
  var asked = 0;
  function refresh() {
    var meters = {}, mine = ++asked;
    sliders.forEach(function (s) {
      meters[s.dataset.meter] = s.value;
      document.getElementById(s.id + "-value").textContent =
        Number(s.value).toLocaleString("en-US", {minimumFractionDigits: 2, maximumFractionDigits: 2});
    });
    fetch("/api/progressive", {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": token},
      body: JSON.stringify({table: box.dataset.table, cert: Number(box.dataset.cert), meters: meters})
    }).then(function (r) { return r.json(); }).then(function (data) {
      if (mine !== asked) { return; }              /* a later move answered first */
      var err = document.getElementById("progressive-error");
      err.hidden = !data.error;
      err.textContent = data.error || "";
      if (data.error) { return; }
      var r = data["return"].decimal;
      document.getElementById("progressive-return").textContent = (r >= 0 ? "+" : "") + r.toFixed(6);
      document.getElementById("progressive-return-exact").textContent = data["return"].exact;
      box.querySelectorAll(".tier-return").forEach(function (cell, i) {
        cell.textContent = data.tiers[i]["return"].decimal.toFixed(6);
      });
    });
  }
  sliders.forEach(function (s) { s.addEventListener("input", refresh); });
}());
