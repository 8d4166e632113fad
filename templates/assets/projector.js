// The projector turns to the next page of the standings by itself. Without script a
// <noscript> meta refresh does it; with script the page can be paused (a screen someone
// is reading from, WCAG 2.2.1), and the next page is fetched and swapped in rather than
// navigated to: when the server is away (a restart, the hall's Wi-Fi) the last standings
// stay on screen with a note, instead of the browser's error page that nobody in the hall
// can click away, and the page tries again every few seconds until it answers.
(function () {
  'use strict';
  var timer = null;
  var paused = false;

  function box() { return document.getElementById('projector'); }

  function seconds() {
    return parseInt(box().getAttribute('data-seconds'), 10) || 15;
  }

  function offline(away) {
    var note = document.getElementById('projector-offline');
    if (!note) { return; }
    note.textContent = away ? note.getAttribute('data-text').replace('{s}', String(seconds())) : '';
    note.hidden = !away;
  }

  // The next page (or, after a failure, the same one again) in place of this one.
  function turn() {
    timer = null;
    var next = box().getAttribute('data-next');
    fetch(next, { credentials: 'same-origin', cache: 'no-store', headers: { 'Accept': 'text/html' } })
      .then(function (res) {
        if (!res.ok) { throw new Error('HTTP ' + res.status); }
        return res.text();
      })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, 'text/html');
        var fresh = page.getElementById('projector');
        if (!fresh) { throw new Error('no projector in the answer'); }
        box().replaceWith(document.importNode(fresh, true));
        document.title = page.title;
        window.history.replaceState(null, '', next);
        offline(false);
        wire();
      })
      .catch(function () {
        offline(true);
        schedule();
      });
  }

  function schedule() {
    if (!paused && timer === null) {
      timer = window.setTimeout(turn, seconds() * 1000);
    }
  }

  function stop() {
    window.clearTimeout(timer);
    timer = null;
  }

  // Binds the pause button of the page on screen and starts its clock.
  function wire() {
    var button = document.getElementById('projector-pause');
    if (button) {
      button.hidden = false;
      button.setAttribute('aria-pressed', paused ? 'true' : 'false');
      button.textContent = button.getAttribute(paused ? 'data-resume' : 'data-pause');
      button.addEventListener('click', function () {
        paused = !paused;
        if (paused) { stop(); } else { schedule(); }
        button.setAttribute('aria-pressed', paused ? 'true' : 'false');
        button.textContent = button.getAttribute(paused ? 'data-resume' : 'data-pause');
      });
    }
    schedule();
  }

  if (box()) { wire(); }
}());
