// A link to pass on (an invitation) gets a button that copies it: the clipboard API where
// the page is a secure context, else the old copy command on the selected field (a hall's
// laptop often reaches the service over plain HTTP). Without script the field is there to
// select by hand; the button stays hidden.
(function () {
  'use strict';
  document.querySelectorAll('[data-copy]').forEach(function (button) {
    var field = document.getElementById(button.getAttribute('data-copy'));
    if (!field) { return; }
    var said = document.getElementById(button.id.replace(/-copy$/, '-copied'));
    button.hidden = false;
    button.addEventListener('click', function () {
      var done = function () { if (said) { said.textContent = button.getAttribute('data-copied'); } };
      field.focus();
      field.select();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(done, function () {
          if (document.execCommand('copy')) { done(); }
        });
      } else if (document.execCommand('copy')) {
        done();
      }
    });
  });
}());
