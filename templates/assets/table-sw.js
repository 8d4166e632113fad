/* The captain's table offline (a service worker for /table): keeps the last copy of the
   captain's pages (the table, its sheet) and of the assets they use, and answers from it
   when the network fails, so that a reload without a connection shows the table as last
   seen, with the outbox (kept in localStorage by captain.js) and the form that queues
   further deals. The network is always asked first: a copy never stands in for a page
   the server can send. Writes and the live state are never answered from the copy. A
   redirect to /join (its code was revoked) or leaving the table drops the copies. */
"use strict";
var CACHE = "karlchen-table-v1";
var PAGES = ["/table", "/table/sheet"];

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

function kept(url) {
  return url.origin === self.location.origin &&
    (PAGES.indexOf(url.pathname) >= 0 || url.pathname.indexOf("/assets/") === 0);
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method === "POST" && url.pathname === "/table/leave") {
    // The phone leaves the table: another captain on it must not see this one's copies.
    event.waitUntil(caches.delete(CACHE));
    return;
  }
  if (request.method !== "GET" || !kept(url)) { return; }
  event.respondWith(fetch(request).then(function (answer) {
    if (answer.type === "opaqueredirect" || answer.redirected) {
      // Sent elsewhere (to /join): this phone's table is not to be shown from a copy.
      caches.delete(CACHE);
    } else if (answer.ok) {
      var copy = answer.clone();
      caches.open(CACHE).then(function (cache) { return cache.put(url.pathname, copy); });
    }
    return answer;
  }, function () {
    return caches.open(CACHE).then(function (cache) { return cache.match(url.pathname); })
      .then(function (copy) { return copy || Response.error(); });
  }));
});
