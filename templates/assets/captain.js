/* The captain's phone, a little quicker: the preview shown in place, Re picked by tapping,
   the other party's points shown while typing, the table followed live (what another phone
   or the desk enters shows within seconds, and the form moves on to the next deal), and
   the outbox, which keeps every entry on the phone (localStorage) before sending it, so
   that a poor connection loses none and its Idempotency-Key lets the server enter none
   twice; an entry another phone overtook is shown beside the stored deal, to keep or drop.
   Every page works without this script by plain form posts. No rule of the game lives
   here: what the sheet takes comes from the server's page, texts from its data-*
   attributes, refusals from its problem's message. */
(function () {
  "use strict";
  var box = document.getElementById("outbox-section");
  var key = box && "karlchen.outbox." + box.getAttribute("data-table");
  var entries = [];
  var busy = false;
  var dirty = false;
  // The table's state comes from two kinds of request that may cross on a slow network
  // (the poll that follows the table, the page fetched after a save): the answer to the
  // later request wins, and an older one arriving after it is dropped, so the page never
  // steps back a deal.
  var asked = 0;
  var shown = 0;
  var ask = function () { asked += 1; return asked; };
  var latest = function (seq) { if (seq < shown) { return false; } shown = seq; return true; };
  // Likewise for the connection shown: a request that failed while the network was cut,
  // reported only after a later one got through, does not call the connection lost.
  var heard = 0;
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

  /* What the answer (or its absence) to request `seq` says of the connection. */
  function reached(seq, yes) {
    if (yes) {
      heard = Math.max(heard, seq);
      online(true);
    } else if (seq > heard) {
      online(false);
    }
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
      li.setAttribute("data-state", e.state);
      li.appendChild(document.createTextNode(text("deal") + " " + e.number + " – " + text(e.state)));
      var what = summary(e.body);
      if (what) {
        var shown = document.createElement("span");
        shown.className = "outbox-summary";
        shown.textContent = what;
        li.appendChild(shown);
      }
      if (e.state === "overtaken") {
        overtaken(li, e);
      } else {
        var why = document.createElement("span");
        why.className = "outbox-reason";
        why.textContent = e.reason || "";
        li.appendChild(why);
        // An entry being sent shows its buttons too, only not usable: every attempt
        // (every few seconds while the line is down) would otherwise fold the entry and
        // move the form below it under the captain's finger.
        ["edit", "discard"].forEach(function (what) {
          var b = document.createElement("button");
          b.type = "button";
          b.disabled = e.state === "sending";
          b.setAttribute("data-do", what);
          b.textContent = text(what);
          // Dropping an entry cannot be taken back: confirm.js asks first.
          if (what === "discard") { b.setAttribute("data-confirm", text("discard-confirm")); }
          li.appendChild(b);
        });
      }
      list.appendChild(li);
    });
  }

  /* What a queued entry holds, in the form's own words (its labels): the game, the Re
     party and the points, so the captain can check it before it is sent. */
  function summary(body) {
    var f = form();
    var params = new URLSearchParams(body);
    var label = function (name, value) {
      var input = f && f.querySelector("input[name=" + name + "][value='" + value + "']");
      var l = input && input.closest("label");
      return l ? l.textContent.replace(/\s+/g, " ").trim() : value;
    };
    if (params.get("action") === "thrown_in") {
      var b = document.getElementById("thrown-in-button");
      return b ? b.textContent.trim() : "";
    }
    if (!params.get("contract")) { return ""; }
    var re = params.getAll("re").map(function (v) { return label("re", v); }).join(" & ");
    return label("contract", params.get("contract")) + (re ? " · Re: " + re : "") +
      " · " + params.get("points") + " (" + label("points_of", params.get("points_of") || "re") + ")";
  }

  /* An entry another phone overtook: the server's comparison of the stored deal and this
     entry (without its ids: several entries may show one), then keep or drop. */
  function overtaken(li, e) {
    if (e.compare) {
      var fresh = new DOMParser().parseFromString(e.compare, "text/html").querySelector(".compare");
      if (fresh) {
        Array.prototype.forEach.call(fresh.querySelectorAll("[id]"), function (el) { el.removeAttribute("id"); });
        li.appendChild(document.importNode(fresh, true));
      }
    }
    if (e.next) {
      var keep = document.createElement("button");
      keep.type = "button";
      keep.className = "primary";
      keep.setAttribute("data-do", "keep");
      keep.textContent = text("keep").replace("{n}", e.next);
      li.appendChild(keep);
    }
    var drop = document.createElement("button");
    drop.type = "button";
    drop.setAttribute("data-do", "drop");
    drop.setAttribute("data-confirm", text("drop-confirm"));
    drop.textContent = text("drop");
    li.appendChild(drop);
  }

  /* Asks the server to put an overtaken entry beside the deal stored under its number. */
  function compare(entry) {
    var params = new URLSearchParams(entry.body);
    params.set("action", "compare");
    fetch("/table/deals", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Accept": "text/html", "Content-Type": "application/x-www-form-urlencoded" },
      body: params.toString()
    }).then(function (res) { return res.ok ? res.text() : null; }).then(function (html) {
      if (!html) { return; }
      entry.compare = html;
      save();
      render();
    }, function () { /* offline: the entry shows without the comparison */ });
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

  /* The tricks field only where the server says the tricks can change the score (its
     data-tricks-at: the card points, both ends, at which a party has none), or once
     something is typed into it or it was refused. */
  function tricksAsked() {
    var row = document.getElementById("tricks-row");
    var points = document.getElementById("points");
    var tricks = document.getElementById("tricks");
    if (!row || !points || !tricks) { return; }
    var at = (row.getAttribute("data-tricks-at") || "").split(" ");
    var typed = points.value.trim();
    row.hidden = !(tricks.value !== "" || tricks.getAttribute("aria-invalid") === "true" ||
      (typed !== "" && at.indexOf(String(+typed)) >= 0));
  }

  /* The form's folded parts open where they hold something (an entry put back into the
     form) and fold again for a fresh deal; weddings and solos stay open while the normal
     game cannot be chosen (the server ticks no default then). */
  function unfold(fresh) {
    var f = form();
    var normal = f.querySelector("input[name=contract][data-default]");
    Array.prototype.forEach.call(f.querySelectorAll("details[data-collapse]"), function (d) {
      var holds = Array.prototype.some.call(d.querySelectorAll("input"), function (el) {
        if (el.type === "radio") { return el.checked && !el.hasAttribute("data-default") && el.value !== "none"; }
        return el.type === "number" && el.value !== "" && el.value !== "0";
      });
      d.open = holds || (d.id === "other-contracts" && !normal) || (!fresh && d.open);
    });
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
    tricksAsked();
    unfold(true);
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
    tricksAsked();
    unfold(false);
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
    var seq = ask();
    fetch("/table/deals", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": head.key },
      body: head.body,
      signal: abort ? abort.signal : undefined
    }).then(function (res) {
      reached(seq, true);
      if (res.ok) {
        entries.shift();
        // What the table said before this answer no longer holds: drop it if it comes late.
        latest(ask());
        // The table has this deal now: the live view must not take it for another phone's.
        var f = form();
        if (f && f.getAttribute("data-mode") === "enter" && +f.getAttribute("data-number") <= head.number) {
          f.setAttribute("data-number", head.number + 1);
        }
        return "sent";
      }
      if (res.status >= 500) {
        head.state = "waiting";
        return "later";
      }
      return res.json().catch(function () { return {}; }).then(function (problem) {
        head.reason = problem.message || problem.detail || String(res.status);
        if (problem.code === "deal_number_taken") {
          head.state = "overtaken";
          head.next = problem.next || null;
          compare(head);
          return "overtaken";
        }
        head.state = "refused";
        return "refused";
      });
    }, function () {
      reached(seq, false);
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
     too unless the captain is typing into it. `tag` is the state's tag a look saw before
     asking: once this page is shown, looks may answer "unchanged" against it; until then
     (a failed fetch, an answer overtaken by a newer one) they bring the state in full. */
  function refresh(tag) {
    var seq = ask();
    var abort = window.AbortController ? new AbortController() : null;
    var timer = abort ? window.setTimeout(function () { abort.abort(); }, SEND_TIMEOUT_MS) : null;
    var done = function () { if (timer !== null) { window.clearTimeout(timer); } };
    fetch("/table", {
      credentials: "same-origin",
      headers: { "Accept": "text/html" },
      signal: abort ? abort.signal : undefined
    }).then(function (res) {
      if (res.redirected && res.url.indexOf("/join") >= 0) { location.href = res.url; return null; }
      return res.ok ? res.text() : null;
    }).then(function (html) {
      done();
      if (!html || !latest(seq)) { return; }
      var page = new DOMParser().parseFromString(html, "text/html");
      var keep = dirty || entries.length;
      ["table-state"].concat(keep ? ["form-dealer"] : ["entry"]).forEach(function (id) {
        var now = document.getElementById(id);
        var fresh = page.getElementById(id);
        if (now && fresh) { now.innerHTML = fresh.innerHTML; }
      });
      // A form kept for the captain's typing learns the server's next deal all the same,
      // and says so if that moves what he types to another number.
      var f = form();
      var fresh = page.getElementById("deal-form");
      if (keep && f && fresh && f.getAttribute("data-mode") === "enter") {
        var before = +field("number").value;
        f.setAttribute("data-number", fresh.getAttribute("data-number"));
        renumber();
        if (!entries.length) { movedOn(before); }
      }
      renumber();
      tricksAsked();
      if (tag) { stateTag = tag; }
    }).catch(function () {
      done();
      reached(seq, false);
    });
  }

  /* Says above the form that what is typed into it is now for another deal than `before`
     (another phone or the desk entered that one). */
  function movedOn(before) {
    var f = form();
    if (!f || +field("number").value === before) { return; }
    var note = document.getElementById("moved-on") || document.createElement("p");
    note.id = "moved-on";
    note.className = "notice";
    note.setAttribute("role", "status");
    note.textContent = text("moved-on").replace("{n}", before).replace("{m}", field("number").value);
    f.parentNode.insertBefore(note, f);
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
    // the score without naming the number. A correction previews where its form posts.
    var entering = form().getAttribute("data-mode") === "enter";
    var queued = entering && entries.length > 0;
    if (queued) { params.delete("number"); }
    var seq = ask();
    fetch(form().getAttribute("action"), {
      method: "POST",
      credentials: "same-origin",
      headers: { "Accept": "text/html; fragment=preview", "Content-Type": "application/x-www-form-urlencoded" },
      body: params.toString()
    }).then(function (res) { return res.text(); }).then(function (html) {
      reached(seq, true);
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("preview");
      if (fresh) { p.innerHTML = fresh.innerHTML; }
      // An answer without a preview (an error page) leaves the old one, and its note: one
      // note at most.
      var old = document.getElementById("preview-queued");
      if (old) { old.remove(); }
      if (queued) {
        var note = document.createElement("p");
        note.className = "notice";
        note.id = "preview-queued";
        note.textContent = text("preview-queued");
        p.insertBefore(note, p.firstChild);
      }
      p.hidden = false;
      // The preview sits above the buttons: bring Save to the screen's foot, the preview
      // right above it.
      var save = document.getElementById("save-button");
      if (save && save.scrollIntoView) { save.scrollIntoView({ block: "end" }); }
    }, function () {
      reached(seq, false);
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
    if (e.target.id === "points") { tricksAsked(); }
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
    // Unfolding a part of the form is starting on it: the form is not swapped under it.
    if (e.target.closest && e.target.closest("#deal-form summary")) { dirty = true; }
    var what = e.target.getAttribute && e.target.getAttribute("data-do");
    var li = what && e.target.closest(".outbox-entry");
    if (!li) { return; }
    var k = li.getAttribute("data-key");
    var at = -1;
    entries.forEach(function (x, i) { if (x.key === k) { at = i; } });
    if (at < 0) { return; }
    if (what === "keep") {
      // Kept as the table's next deal: it and the entries behind it move on as many
      // numbers as the other phone's deals took; a new key, since the old one stored
      // nothing.
      var by = entries[at].next - entries[at].number;
      entries.slice(at).forEach(function (x) {
        var params = new URLSearchParams(x.body);
        x.number += by;
        params.set("number", x.number);
        x.body = params.toString();
      });
      var kept = entries[at];
      kept.key = newKey();
      kept.state = "waiting";
      delete kept.compare;
      delete kept.next;
    } else if (what === "drop") {
      // The stored deal stands for this one: the entries behind keep their numbers.
      entries.splice(at, 1);
    } else if (what === "discard") {
      entries.splice(at, 1);
      // The later entries move up one number, as the sheet will take them.
      entries.slice(at).forEach(function (x) {
        var params = new URLSearchParams(x.body);
        x.number -= 1;
        params.set("number", x.number);
        x.body = params.toString();
      });
    } else if (form()) {
      // A refused entry stored nothing: it goes back into the form under a new key. A
      // waiting one keeps its key: a sending whose answer was lost may have stored it,
      // and the server refuses the key with other facts rather than store a second deal.
      var entry = entries[at];
      fill(entry.body);
      if (entry.state !== "waiting") { entry.key = newKey(); }
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

  tricksAsked();

  /* Follows the table: asks for its state every few seconds (an empty 304 while nothing
     changed) and swaps it in. When another phone or the desk entered the deal the form is
     for, an untouched form is fetched anew; one being typed into moves on to the next
     number and says so. */
  var state = document.getElementById("table-state");
  var stateTag = "";
  var FOLLOW_MS = 5000;
  var following = false;
  function follow() {
    // One look at a time: on a slow line looks would queue up behind each other, and
    // behind them the phone's saves.
    if (!state || document.hidden || following) { return; }
    following = true;
    var abort = window.AbortController ? new AbortController() : null;
    var timer = abort ? window.setTimeout(function () { abort.abort(); }, SEND_TIMEOUT_MS) : null;
    var done = function () {
      following = false;
      if (timer !== null) { window.clearTimeout(timer); }
    };
    var headers = { "Accept": "text/html" };
    if (stateTag) { headers["If-None-Match"] = stateTag; }
    var seq = ask();
    var tag = "";
    fetch(state.getAttribute("data-live"), {
      credentials: "same-origin",
      cache: "no-store",
      headers: headers,
      signal: abort ? abort.signal : undefined
    }).then(function (res) {
      done();
      if (res.redirected && res.url.indexOf("/join") >= 0) { location.href = res.url; return null; }
      reached(seq, true);
      if (res.status !== 200) { return null; }
      tag = res.headers.get("ETag") || "";
      return res.text();
    }).then(function (html) {
      if (!html || !latest(seq)) { return; }
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("table-state");
      if (!fresh) { return; }
      var next = fresh.querySelector("#next-deal");
      next = next ? +next.getAttribute("data-number") : null;
      // An untouched form moves on with the state above it, in one swap: the page never
      // shows one deal's dealer over another deal's form.
      if (untouched(next)) { refresh(tag); return; }
      stateTag = tag;
      state.innerHTML = fresh.innerHTML;
      moved(next);
    }, function () {
      done();
      reached(seq, false);
    });
  }

  /* Whether the form is an untouched one drawn for another deal than the server's next.
     Its data-dealt is the deal the server drew it for (who deals, who may play Re); its
     data-number moves on as soon as this phone's save is answered, before the new form
     is fetched, and that fetch may lose out to a later look at the state. */
  function untouched(next) {
    var f = form();
    return !!f && f.getAttribute("data-mode") === "enter" && next !== +f.getAttribute("data-dealt") &&
      !dirty && !entries.length;
  }

  function moved(next) {
    var f = form();
    if (!f || f.getAttribute("data-mode") !== "enter") { return; }
    var was = +f.getAttribute("data-number");
    if (next === was || next === null) { return; }
    f.setAttribute("data-number", next);
    var before = +field("number").value;
    renumber();
    var p = document.getElementById("preview");
    if (p) { p.hidden = true; }
    movedOn(before);
    // The new deal's dealer line, and the banners, from the whole page.
    refresh();
  }

  if (state && state.getAttribute("data-live") && window.fetch && window.DOMParser) {
    setInterval(follow, FOLLOW_MS);
    document.addEventListener("visibilitychange", follow);
    window.addEventListener("online", follow);
  }

  if (!outbox) { return; }
  box.hidden = false;
  // The page may be a copy the service worker kept: its form's key may have gone with a
  // deal already. A key of this phone's own is as good as the server's.
  var f0 = form();
  if (f0 && f0.getAttribute("data-mode") === "enter" && field("idempotency_key")) {
    field("idempotency_key").value = newKey();
  }
  // Reloading without a connection shows the table as last seen (browsers run service
  // workers only on HTTPS and on this machine's own address).
  if (navigator.serviceWorker && window.isSecureContext) {
    navigator.serviceWorker.register("/table-sw.js", { scope: "/table" }).catch(function () {});
  }
  load();
  render();
  renumber();
  online(navigator.onLine !== false);
  window.addEventListener("online", function () { online(true); pump(); });
  window.addEventListener("offline", function () { online(false); });
  setInterval(pump, 10000);
  pump();
}());
