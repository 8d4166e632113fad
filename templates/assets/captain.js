/* The captain's phone, a little quicker: the preview shown in place, Re picked by tapping,
   the other party's points shown while typing, and the outbox, which keeps every entry on
   the phone (localStorage) before sending it, so that a poor connection loses none and its
   Idempotency-Key lets the server enter none twice. Every page works without this script
   by plain form posts. No rule of the game lives here: what the sheet takes comes from the
   server's page, texts from its data-* attributes, refusals from its problem's message. */
(function () {
  "use strict";
  var box = document.getElementById("outbox-section");
  var key = box && "karlchen.outbox." + box.getAttribute("data-table");
  var entries = [];
  var busy = false;
  var dirty = false;
  // How long one sending may take before it counts as lost (and is sent again).
  var SEND_TIMEOUT_MS = 15000;
  var text = function (name) { return (box && box.getAttribute("data-" + name)) || ""; };
  var form = function () { return document.getElementById("deal-form"); };
  var field = function (name) { var f = form(); return f && f.elements.namedItem(name); };

  function storable() {
    try {
      localStorage.setItem("karlchen.probe", "1");
      localStorage.removeItem("karlchen.probe");
      return true;
    } catch (e) {
      return false;
    }
  }
  var outbox = !!box && storable();

  function load() {
    try { entries = JSON.parse(localStorage.getItem(key) || "[]"); } catch (e) { entries = []; }
    entries.forEach(function (e) { if (e.state === "sending") { e.state = "waiting"; } });
  }
  function save() { localStorage.setItem(key, JSON.stringify(entries)); }

  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  function online(yes) {
    var c = document.getElementById("connection");
    if (c) {
      c.textContent = text(yes ? "online" : "offline");
      c.className = yes ? "online" : "offline";
    }
  }

  function render() {
    var list = document.getElementById("outbox");
    var heading = document.getElementById("outbox-heading");
    if (!list) { return; }
    if (heading) { heading.hidden = entries.length === 0; }
    list.textContent = "";
    entries.forEach(function (e) {
      var li = document.createElement("li");
      li.className = "outbox-entry";
      li.setAttribute("data-key", e.key);
      li.setAttribute("data-state", e.state === "editing" ? "refused" : e.state);
      li.appendChild(document.createTextNode(text("deal") + " " + e.number + " – " + text(e.state === "editing" ? "refused" : e.state)));
      if (e.state === "refused" || e.state === "editing") {
        var why = document.createElement("span");
        why.className = "outbox-reason";
        why.textContent = e.reason || "";
        li.appendChild(why);
        ["edit", "discard"].forEach(function (what) {
          var b = document.createElement("button");
          b.type = "button";
          b.setAttribute("data-do", what);
          b.textContent = text(what);
          li.appendChild(b);
        });
      }
      list.appendChild(li);
    });
  }

  /* The number the form enters next: after the last entry still on the phone. */
  function renumber() {
    var n = field("number");
    var f = form();
    var editing = entries.some(function (e) { return e.state === "editing"; });
    if (!n || !f || f.getAttribute("data-mode") !== "enter" || editing) { return; }
    var next = +f.getAttribute("data-number");
    entries.forEach(function (e) { if (e.number >= next) { next = e.number + 1; } });
    n.value = next;
    var shown = document.querySelector("#entry-heading .deal-number");
    if (shown) { shown.textContent = next; }
    // Who deals a deal after the waiting ones is the server's to say once it has them.
    var dealer = document.getElementById("form-dealer");
    if (dealer) { dealer.hidden = next !== +f.getAttribute("data-number"); }
  }

  /* The other party's (or team's) share while typing; a form without the field has none. */
  function other(input) {
    if (!input) { return; }
    var out = document.getElementById(input.id + "-other");
    var total = +input.getAttribute("data-total");
    var v = input.value.trim();
    if (!out) { return; }
    out.textContent = /^\d+$/.test(v) && +v <= total ? out.getAttribute("data-label") + ": " + (total - v) : "";
  }

  function clearForm(number) {
    var f = form();
    Array.prototype.forEach.call(f.elements, function (el) {
      if (el.type === "radio" || el.type === "checkbox") {
        el.checked = el.hasAttribute("data-default") || (el.name === "points_of" && el.value === "re") || (el.name.indexOf("call_") === 0 && el.value === "none");
      } else if (el.type === "number") {
        el.value = "";
      }
    });
    field("idempotency_key").value = newKey();
    field("number").value = number;
    ["points", "tricks", "coins"].forEach(function (id) { other(document.getElementById(id)); });
    var p = document.getElementById("preview");
    if (p) { p.hidden = true; }
    var err = document.getElementById("form-error");
    if (err) { err.remove(); }
    dirty = false;
  }

  function fill(body) {
    var params = new URLSearchParams(body);
    var f = form();
    Array.prototype.forEach.call(f.elements, function (el) {
      if (!el.name || el.type === "submit") { return; }
      var values = params.getAll(el.name);
      if (el.type === "radio" || el.type === "checkbox") {
        el.checked = values.indexOf(el.value) >= 0;
      } else if (el.type !== "hidden") {
        el.value = values.length ? values[values.length - 1] : "";
      }
    });
    ["points", "tricks", "coins"].forEach(function (id) { other(document.getElementById(id)); });
  }

  function body(action) {
    var params = new URLSearchParams(new FormData(form()));
    params.set("action", action);
    return params;
  }

  /* Sends the oldest entry; the later ones wait behind it, in order. */
  function pump() {
    var head = entries[0];
    if (busy || !head || head.state !== "waiting") { return; }
    busy = true;
    head.state = "sending";
    render();
    // A request the hall's Wi-Fi swallowed would hold the queue for good: give up after a
    // while and send again later (the same key: the server stores it once either way).
    var abort = window.AbortController ? new AbortController() : null;
    var timer = abort ? window.setTimeout(function () { abort.abort(); }, SEND_TIMEOUT_MS) : null;
    fetch("/table/deals", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": head.key },
      body: head.body,
      signal: abort ? abort.signal : undefined
    }).then(function (res) {
      online(true);
      if (res.ok) {
        entries.shift();
        return "sent";
      }
      if (res.status >= 500) {
        head.state = "waiting";
        return "later";
      }
      return res.json().catch(function () { return {}; }).then(function (problem) {
        head.state = "refused";
        head.reason = problem.message || problem.detail || String(res.status);
        return "refused";
      });
    }, function () {
      online(false);
      head.state = "waiting";
      return "later";
    }).then(function (outcome) {
      if (timer !== null) { window.clearTimeout(timer); }
      busy = false;
      save();
      render();
      if (outcome === "sent") {
        if (entries.length) { pump(); } else { refresh(); }
      }
    });
  }

  /* The page's state after the outbox emptied: the banners and totals always, the form
     too unless the captain is typing into it. */
  function refresh() {
    fetch("/table", { credentials: "same-origin", headers: { "Accept": "text/html" } }).then(function (res) {
      if (res.redirected && res.url.indexOf("/join") >= 0) { location.href = res.url; return null; }
      return res.ok ? res.text() : null;
    }).then(function (html) {
      if (!html) { return; }
      var page = new DOMParser().parseFromString(html, "text/html");
      var keep = dirty || entries.length;
      ["table-state"].concat(keep ? ["form-dealer"] : ["entry"]).forEach(function (id) {
        var now = document.getElementById(id);
        var fresh = page.getElementById(id);
        if (now && fresh) { now.innerHTML = fresh.innerHTML; }
      });
      // A form kept for the captain's typing learns the server's next deal all the same.
      var f = form();
      var fresh = page.getElementById("deal-form");
      if (keep && f && fresh && f.getAttribute("data-mode") === "enter") {
        f.setAttribute("data-number", fresh.getAttribute("data-number"));
      }
      renumber();
    }).catch(function () { online(false); });
  }

  function queue(action) {
    var f = form();
    var k = field("idempotency_key").value;
    var entry = { key: k, number: +field("number").value, body: body(action).toString(), state: "waiting", reason: "" };
    var at = -1;
    entries.forEach(function (e, i) { if (e.key === k) { at = i; } });
    if (at >= 0) { entries[at] = entry; } else { entries.push(entry); }
    save();
    render();
    var next = 0;
    entries.forEach(function (e) { if (e.number > next) { next = e.number; } });
    clearForm(Math.max(next + 1, +f.getAttribute("data-number")));
    renumber();
    pump();
  }

  function preview() {
    var p = document.getElementById("preview");
    var params = body("preview");
    // With entries still on the phone the server's next deal is an earlier one: preview
    // the score without naming the number.
    var queued = entries.length > 0;
    if (queued) { params.delete("number"); }
    fetch("/table/deals", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Accept": "text/html; fragment=preview", "Content-Type": "application/x-www-form-urlencoded" },
      body: params.toString()
    }).then(function (res) { return res.text(); }).then(function (html) {
      online(true);
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("preview");
      if (fresh) { p.innerHTML = fresh.innerHTML; }
      if (queued) {
        var note = document.createElement("p");
        note.className = "notice";
        note.id = "preview-queued";
        note.textContent = text("preview-queued");
        p.insertBefore(note, p.firstChild);
      }
      p.hidden = false;
    }, function () {
      online(false);
      p.textContent = "";
      var msg = document.createElement("p");
      msg.className = "error";
      msg.textContent = text("preview-offline");
      p.appendChild(msg);
      p.hidden = false;
    });
  }

  /* Tapping a Re player: a contract's Re party has data-re-size players; the earliest tap
     gives way to the newest. */
  var picked = [];
  function pick(input) {
    var f = form();
    var contract = f.querySelector("input[name=contract]:checked");
    var size = contract ? +contract.getAttribute("data-re-size") : 2;
    picked = picked.filter(function (el) { return el.checked && el !== input; });
    if (input && input.checked) { picked.push(input); }
    Array.prototype.forEach.call(f.querySelectorAll("input[name=re]:checked"), function (el) {
      if (picked.indexOf(el) < 0) { picked.unshift(el); }
    });
    while (picked.length > size) { picked.shift().checked = false; }
  }

  document.addEventListener("input", function (e) {
    if (!e.target.form || e.target.form.id !== "deal-form") { return; }
    dirty = true;
    if (e.target.hasAttribute("data-total")) { other(e.target); }
  });
  document.addEventListener("change", function (e) {
    var t = e.target;
    if (!t.form || t.form.id !== "deal-form") { return; }
    dirty = true;
    if (t.name === "re") { pick(t); } else if (t.name === "contract") { pick(null); }
  });
  document.addEventListener("submit", function (e) {
    var f = e.target;
    var s = e.submitter;
    if (f.id !== "deal-form" || !s) { return; }
    if (s.value === "preview") {
      e.preventDefault();
      preview();
    } else if ((s.value === "save" || s.value === "thrown_in") && outbox && f.getAttribute("data-mode") === "enter") {
      // A deal thrown in waits in the outbox like any other: it takes its number too.
      e.preventDefault();
      queue(s.value);
    }
  });
  document.addEventListener("click", function (e) {
    var what = e.target.getAttribute && e.target.getAttribute("data-do");
    var li = what && e.target.closest(".outbox-entry");
    if (!li) { return; }
    var k = li.getAttribute("data-key");
    var at = -1;
    entries.forEach(function (x, i) { if (x.key === k) { at = i; } });
    if (at < 0) { return; }
    if (what === "discard") {
      entries.splice(at, 1);
      // The later entries move up one number, as the sheet will take them.
      entries.slice(at).forEach(function (x) {
        var params = new URLSearchParams(x.body);
        x.number -= 1;
        params.set("number", x.number);
        x.body = params.toString();
      });
    } else if (form()) {
      // A refused entry stored nothing: it goes back into the form under a new key.
      var entry = entries[at];
      fill(entry.body);
      entry.key = newKey();
      entry.state = "editing";
      field("idempotency_key").value = entry.key;
      field("number").value = entry.number;
      form().scrollIntoView();
    }
    save();
    render();
    renumber();
    pump();
  });

  if (!outbox) { return; }
  box.hidden = false;
  load();
  render();
  renumber();
  online(navigator.onLine !== false);
  window.addEventListener("online", function () { online(true); pump(); });
  window.addEventListener("offline", function () { online(false); });
  setInterval(pump, 10000);
  pump();
}());
