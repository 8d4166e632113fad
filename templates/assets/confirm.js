// A button that destroys or cannot be taken back asks once before it acts (Löschen,
// Verwerfen, Tisch verlassen, Eingeworfen; `data-confirm` holds the question): a stray
// tap on a phone costs nothing. It listens before every other handler, so a "no" stops
// the form and the scripts alike. Without script the button acts at once; the page says
// what it does next to it.
(function () {
  'use strict';
  document.addEventListener('click', function (e) {
    var button = e.target.closest && e.target.closest('[data-confirm]');
    if (!button || button.disabled) { return; }
    if (!window.confirm(button.getAttribute('data-confirm'))) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  }, true);
}());
