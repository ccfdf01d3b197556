// The lobby page while its player waits to be paired: it asks /lobby/waiting now and then, and
// once they are paired goes to their game's page.  Without this script the page works the
// same; the player finds their game on the home page.
(function () {
  "use strict";
  var poll = document.getElementById("wait-poll");
  if (!poll || !window.fetch) return;
  var url = poll.dataset.url, every = parseInt(poll.dataset.ms, 10) || 5000;

  function ask() {
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (state) {
        if (state && !state.waiting) {
          window.location.assign(state.game || "/lobby");
        } else {
          window.setTimeout(ask, every);
        }
      })
      .catch(function () { window.setTimeout(ask, every * 2); });
  }
  window.setTimeout(ask, every);
})();
