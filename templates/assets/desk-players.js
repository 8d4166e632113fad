// The desk's players list: the search box filters the rows as one types (without script
// the search form asks the server, `?q=`). The search travels with every row's forms, so
// that after a click the page comes back to the same row with the same search.
(function () {
  'use strict';
  var input = document.getElementById('player-search');
  var table = document.getElementById('players');
  if (!input || !table) { return; }
  var rows = Array.prototype.slice.call(table.tBodies[0].rows);
  var shown = document.getElementById('player-shown');

  function filter() {
    var needle = input.value.trim().toLowerCase();
    var count = 0;
    rows.forEach(function (row) {
      var match = !needle || (row.getAttribute('data-search') || '').indexOf(needle) !== -1;
      row.hidden = !match;
      if (match) { count += 1; }
    });
    if (shown) { shown.textContent = String(count); }
    document.querySelectorAll('input[type=hidden][name=q]').forEach(function (field) {
      field.value = input.value.trim();
    });
    if (window.history && window.history.replaceState) {
      var url = new URL(window.location.href);
      ['added', 'withdrawn', 'returned', 'deleted', 'imported'].forEach(function (k) {
        url.searchParams.delete(k);
      });
      if (input.value.trim()) { url.searchParams.set('q', input.value.trim()); } else { url.searchParams.delete('q'); }
      window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    }
  }

  input.addEventListener('input', filter);
  // Back from a click with a search: the next name typed replaces it.
  if (input.value) {
    input.focus({ preventScroll: true });
    input.select();
  }
})();
