// Live standings: the page shows the standings without this script; with it, the table's
// rows are swapped for fresh ones whenever they change. The server tells us when (the
// API's event stream, one event per new version); the rows come as an HTML fragment
// tagged with their version, asked for with If-None-Match so that an unchanged table
// costs an empty 304. Without EventSource, or when the stream fails or is refused, we ask
// every 5 s.
(function () {
  'use strict';
  var table = document.getElementById('standings');
  if (!table || !table.tBodies.length || !window.fetch) { return; }
  var tbody = table.tBodies[0];
  var rowsUrl = table.getAttribute('data-rows');
  var streamUrl = table.getAttribute('data-stream');
  var status = document.getElementById('standings-status');
  var version = table.getAttribute('data-version') || '';
  var POLL_MS = 5000;
  var timer = null;
  var busy = false;
  var again = false;

  function address(v) {
    return rowsUrl + (rowsUrl.indexOf('?') < 0 ? '?' : '&') + 'v=' + encodeURIComponent(v);
  }

  // Says when the rows shown were fetched: at the page's load, then at each change.
  function updated() {
    var shown = document.getElementById('standings-updated');
    if (!status || !shown) { return; }
    var time = new Date().toLocaleTimeString(document.documentElement.lang || undefined);
    shown.textContent = (status.getAttribute('data-updated') || '') + ' ' + time + '.';
  }
  updated();

  // Fetches the rows unless they are the ones shown; one request at a time, and one more
  // if a change was heard meanwhile.
  function refresh(heard) {
    if (busy) { again = true; return; }
    busy = true;
    fetch(address(heard || version), {
      cache: 'no-store',
      credentials: 'same-origin',
      headers: { 'If-None-Match': '"' + version + '"' }
    }).then(function (answer) {
      if (answer.status !== 200) { return null; }
      var tag = (answer.headers.get('ETag') || '').replace(/^W\//, '').replace(/"/g, '');
      return answer.text().then(function (html) {
        tbody.innerHTML = html;
        if (tag) {
          version = tag;
          table.setAttribute('data-version', tag);
        }
        updated();
      });
    }).catch(function () {
      // Offline for a moment: the next event or poll tries again.
    }).then(function () {
      busy = false;
      if (again) { again = false; refresh(); }
    });
  }

  function poll() {
    if (timer === null) { timer = window.setInterval(function () { refresh(); }, POLL_MS); }
  }

  function stopPolling() {
    if (timer !== null) { window.clearInterval(timer); timer = null; }
  }

  if (!window.EventSource || !streamUrl) { poll(); return; }
  // A hall full of phones hears each event at the same moment; each waits a moment of its
  // own (under a second) before asking, so the server is not asked 500 times at once.
  var SPREAD_MS = 1000;
  // A stream refused (the server's streams are all taken: 503) is asked for again after
  // half a minute to a minute, spread as well; the page polls meanwhile.
  var RETRY_MS = 30000;
  function connect() {
    var stream = new EventSource(streamUrl);
    stream.addEventListener('standings', function (event) {
      stopPolling();
      if (event.lastEventId && event.lastEventId === version) { return; }
      var heard = event.lastEventId;
      window.setTimeout(function () { refresh(heard); }, Math.floor(Math.random() * SPREAD_MS));
    });
    stream.onerror = function () {
      // Reconnecting (the browser retries by itself) or given up (an error answer): poll
      // meanwhile; the next event stops it again.
      poll();
      if (stream.readyState === EventSource.CLOSED) {
        stream.close();
        window.setTimeout(connect, RETRY_MS + Math.floor(Math.random() * RETRY_MS));
      }
    };
  }
  connect();
}());
