// The desk's printed pages: a "print now" button for those with script (the page says
// Ctrl+P for everyone else). No framework, nothing inline (the CSP allows only 'self').
"use strict";
document.querySelectorAll("button.print-button").forEach(function (button) {
  button.hidden = false;
  button.addEventListener("click", function () { window.print(); });
});
