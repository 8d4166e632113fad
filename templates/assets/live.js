// A public page that follows live (a table's sheet): its live part (the element with
// data-live) is asked for again with If-None-Match, an empty 304 while nothing changed,
// whenever the tournament's stream says something changed (each phone a moment of its
// own later, so a hall does not ask at once), and every 15 s besides, for what the
// stream does not announce (signatures) and while it is down. Without this script the
// page is the page as loaded.
(function () {
  'use strict';
  var live = document.querySelector('[data-live]');
  if (!live || !window.fetch || !window.DOMParser) { return; }
  var tag = '';
  var busy = false;
  var again = false;
  var EVERY_MS = 15000;
  var SPREAD_MS = 1000;

  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    var headers = { 'Accept': 'text/html' };
    if (tag) { headers['If-None-Match'] = tag; }
    fetch(live.getAttribute('data-live'), { cache: 'no-store', credentials: 'same-origin', headers: headers })
      .then(function (answer) {
        if (answer.status !== 200) { return null; }
        tag = answer.headers.get('ETag') || '';
        return answer.text();
      })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString('<div>' + html + '</div>', 'text/html').body.firstChild;
        if (fresh) { live.innerHTML = fresh.innerHTML; }
      })
      .catch(function () { /* offline for a moment: the next event or round tries again */ })
      .then(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }

  refresh();
  window.setInterval(refresh, EVERY_MS);
  var stream = live.getAttribute('data-stream');
  if (window.EventSource && stream) {
    new EventSource(stream).addEventListener('standings', function () {
      window.setTimeout(refresh, Math.floor(Math.random() * SPREAD_MS));
    });
  }
}());
