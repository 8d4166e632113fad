// The projector turns to the next page of the standings by itself. Without script a
// <noscript> meta refresh does it; with script the page can be paused (a screen someone
// is reading from, WCAG 2.2.1), and a page that is already showing the next one does
// not flash.
(function () {
  'use strict';
  var box = document.getElementById('projector');
  if (!box) { return; }
  var next = box.getAttribute('data-next');
  var seconds = parseInt(box.getAttribute('data-seconds'), 10) || 15;
  var button = document.getElementById('projector-pause');
  var timer = null;

  function start() {
    timer = window.setTimeout(function () { window.location.replace(next); }, seconds * 1000);
  }

  function stop() {
    window.clearTimeout(timer);
    timer = null;
  }

  if (button) {
    button.hidden = false;
    button.addEventListener('click', function () {
      var paused = timer === null;
      if (paused) { start(); } else { stop(); }
      button.setAttribute('aria-pressed', paused ? 'false' : 'true');
      button.textContent = button.getAttribute(paused ? 'data-pause' : 'data-resume');
    });
  }
  start();
}());
