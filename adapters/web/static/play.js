// The player page asks whether the game moved, and shows the new table when it did.
// Once the player sends a form the page is on its way to the new table: polling stops, so a
// reload cannot cut the move's own navigation short.
(function () {
  "use strict";
  var poll = document.getElementById("poll");
  if (!poll) return;
  var url = poll.dataset.url, seen = poll.dataset.version, ms = Number(poll.dataset.ms) || 2000;
  var sending = false;
  document.addEventListener("submit", function () { sending = true; });
  function check() {
    if (sending) return;
    fetch(url, { cache: "no-store", credentials: "same-origin" })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (game) {
        if (sending) return;
        if (game && String(game.version) !== seen) {
          window.location.replace(window.location.pathname);
        } else {
          window.setTimeout(check, ms);
        }
      })
      .catch(function () { window.setTimeout(check, ms * 2); });
  }
  window.setTimeout(check, ms);
})();
