// The player page asks whether the game moved, and shows the new table when it did.
(function () {
  "use strict";
  var poll = document.getElementById("poll");
  if (!poll) return;
  var url = poll.dataset.url, seen = poll.dataset.version, ms = Number(poll.dataset.ms) || 2000;
  function check() {
    fetch(url, { cache: "no-store", credentials: "same-origin" })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (game) {
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
