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
    document.getElementById("bet").addEventListener("change", function (ev) {
      if (window.workbenchOpen) {           /* designer.js: back to this bet's saved work */
        window.workbenchOpen(document.getElementById("cert").value, ev.target.value);
      } else {
        pick.submit();
      }
    });
  }
  if (!editor) { return; }
  var cert = editor.getAttribute("data-cert");
  var bet = editor.getAttribute("data-bet");
  var errorLine = document.getElementById("error");
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

  var recheck = null;
  function show(data) {
    /* figures computed while the certificate's check runs: asked again until it passed */
    var state = document.getElementById("check-state");
    state.hidden = data.check !== "checking";
    if (data.check === "checking" && !recheck) {
      recheck = setTimeout(function () { recheck = null; refresh(); }, 1000);
    }
    errorLine.textContent = data.error || "";
    editor.classList.toggle("stale", !!data.error);
    if (data.error) { return; }
    var note = document.getElementById("editor-note");
    note.hidden = !data.note;
    note.textContent = data.note || "";
    document.querySelectorAll("#grid tbody tr").forEach(function (tr) {
      var row = data.lines[tr.getAttribute("data-line")];
      ["combinations", "probability", "odds", "contribution", "probability_exact",
       "contribution_exact"].forEach(function (key) {
        tr.querySelector("." + key).textContent = row ? row[key] : "-";
      });
      tr.classList.toggle("flagged", !!(row && row.flags && row.flags.length));
    });
    document.getElementById("house-edge").textContent = data.house_edge;
    document.getElementById("edge-summary").textContent = data.figures.filter(function (f) {
      return ["Return to player", "Hit frequency", "Standard deviation"].indexOf(f.name) >= 0;
    }).map(function (f) { return f.name.toLowerCase() + " " + f.value; }).join(" \u00b7 ");
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

  /* the heading: the table's own name (the filed one's says "as filed") until a pay
     differs from those the page opened with; then the designed table's name */
  var heading = document.getElementById("table-title");
  var opened = JSON.stringify(pays());
  function retitle() {
    var edited = JSON.stringify(pays()) !== opened;
    heading.textContent = edited ? tableName() + " (edited: not filed)"
                                 : heading.getAttribute("data-opened");
    heading.classList.toggle("edited", edited);
  }
  document.getElementById("table-name").addEventListener("input", retitle);

  /* the sticky edge bar never covers a control: the page's scroll padding is the bar's
     height, whatever it wraps to, and a control focused under it is scrolled below it */
  var bar = document.getElementById("edge-box");
  function barBottom() { return bar.getBoundingClientRect().bottom; }
  function pad() {
    document.documentElement.style.scrollPaddingTop = (bar.offsetHeight + 8) + "px";
  }
  pad();
  if (window.ResizeObserver) { new ResizeObserver(pad).observe(bar); }
  window.addEventListener("resize", pad);
  document.addEventListener("focusin", function (ev) {
    if (bar.contains(ev.target) || !ev.target.getBoundingClientRect) { return; }
    var top = ev.target.getBoundingClientRect().top;
    if (top < barBottom()) { window.scrollBy(0, top - barBottom() - 8); }
  });

  var listeners = [];
  function refresh() {
    retitle();
    listeners.forEach(function (f) { f(); });
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

  /* downloads: the grid's pay table goes with the form; a par sheet (seconds of work on
     the server) is fetched, its stage and an estimate shown while it renders */
  var status = document.getElementById("download-status");
  document.getElementById("download").addEventListener("submit", function (ev) {
    var form = ev.target, what = ev.submitter ? ev.submitter.value : "toml";
    form.elements.pays.value = JSON.stringify(pays());
    form.elements.name.value = tableName();
    form.elements.reading.value = reading() || "";
    if (what === "toml" || !window.fetch || !status) { return; }
    ev.preventDefault();
    var data = new FormData(form), began = Date.now(), key = "parsheet-seconds-" + what;
    data.set("what", what);
    var last = Number(window.localStorage ? localStorage.getItem(key) : 0) || 0;
    var label = ev.submitter.textContent;
    function tick() {
      var s = Math.round((Date.now() - began) / 1000);
      status.textContent = label + ": rendering on the server (the figures, the charts, " +
        "the layout), " + s + " s" + (last ? " of about " + last + " s (the last one)" : "") + "…";
    }
    tick();
    var timer = setInterval(tick, 500);
    fetch("/download", {method: "POST", credentials: "same-origin", body: data})
      .then(function (r) {
        if (!r.ok) {
          return r.text().then(function (t) {
            var doc = new DOMParser().parseFromString(t, "text/html");
            var msg = doc.querySelector(".error");
            throw new Error(msg ? msg.textContent.trim() : "the server answered " + r.status);
          });
        }
        var name = /filename="([^"]+)"/.exec(r.headers.get("Content-Disposition") || "");
        return r.blob().then(function (b) { return [b, name ? name[1] : "parsheet"]; });
      })
      .then(function (got) {
        var a = document.createElement("a"), url = URL.createObjectURL(got[0]);
        a.href = url; a.download = got[1];
        document.body.appendChild(a); a.click(); a.remove();
        setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
        var s = Math.max(1, Math.round((Date.now() - began) / 1000));
        if (window.localStorage) { localStorage.setItem(key, String(s)); }
        status.textContent = label + ": done in " + s + " s (" + got[1] + ")";
      }, function (e) { status.textContent = label + ": " + e.message; })
      .then(function () { clearInterval(timer); });
  });

  /* what designer.js (sessions, compare, search) builds on */
  window.workbenchEditor = {
    post: post, el: el, pays: pays, setPays: setPays, refresh: refresh, reading: reading,
    tableName: tableName, describe: describe, cert: cert, bet: bet, editor: editor,
    onChange: function (f) { listeners.push(f); }
  };
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
