// The desk's live monitor: fetches the rows the server renders every few seconds with
// If-None-Match (an empty 304 while nothing changed) and swaps the summary line and the
// table's body. Without this script the page reloads itself (<noscript> refresh).
(function () {
  "use strict";
  var EVERY = 5000;
  var live = document.getElementById("monitor-live");
  if (!live || !window.fetch || !window.DOMParser) { return; }
  var tag = live.getAttribute("data-etag");

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("monitor-live");
    var old = document.getElementById("monitor-live");
    if (!fresh || !old) { return; }
    // Keep the keyboard where it was: the link of the same table in the new rows.
    var focused = document.activeElement;
    var row = focused && focused.closest ? focused.closest("tr[id], li[id]") : null;
    ["monitor-summary", "monitor-rows"].forEach(function (id) {
      var now = old.querySelector("#" + id);
      var next = fresh.querySelector("#" + id);
      if (now && next) { now.replaceWith(document.importNode(next, true)); }
    });
    old.setAttribute("data-etag", fresh.getAttribute("data-etag") || "");
    if (row) {
      var again = document.getElementById(row.id);
      var link = again ? again.querySelector("a") : null;
      if (link) { link.focus(); }
    }
  }

  function poll() {
    var headers = { "Accept": "text/html" };
    if (tag) { headers["If-None-Match"] = tag; }
    fetch(live.getAttribute("data-rows"), { credentials: "same-origin", cache: "no-store", headers: headers })
      .then(function (res) {
        if (res.redirected) {
          // Signed out meanwhile: the page itself says so.
          window.location.reload();
          return null;
        }
        if (res.status !== 200) { return null; }
        var next = res.headers.get("ETag");
        return res.text().then(function (html) {
          swap(html);
          if (next) { tag = next; }
          live.setAttribute("data-updated", String(Date.now()));
        });
      })
      .catch(function () { /* offline for a moment: the next poll tries again */ })
      .then(function () { window.setTimeout(poll, EVERY); });
  }

  window.setTimeout(poll, EVERY);
})();
