// The player's page: building a move by tapping hand cards, and the table kept up to date in
// place.  Without this script every legal move is a button and the page works as plain forms.
//
// Tapping: each move button names the hand cards it uses (data-cards).  The buttons shown are
// those whose cards are exactly the ones chosen (every one, before a tap, in a forced turn,
// where each move needs a card); a hand card can be chosen only if some legal move uses it
// together with the cards chosen already.
//
// Live: the page asks the small version endpoint whether the game moved; when it did, it fetches
// itself and swaps the parts marked data-live, so the command box keeps what was typed and the
// focus stays.  New lines of the history are read out by a live region; the tab's title and
// icon say when it is your turn.  Polling stops once the game is over, and when the player
// sends a form (the page is then on its way to the new table).
(function () {
  "use strict";
  var chosen = [];

  function words(text) { return text ? text.split(" ") : []; }
  function same(a, b) {
    return a.length === b.length && a.every(function (one) { return b.indexOf(one) >= 0; });
  }
  function within(a, b) { return a.every(function (one) { return b.indexOf(one) >= 0; }); }

  function arrange() {
    var form = document.getElementById("moves");
    var hand = document.querySelectorAll("#table button.card");
    if (!form) return;
    var moves = Array.prototype.slice.call(form.querySelectorAll("button.move"));
    var tapping = hand.length > 0;
    var hint = document.getElementById("tap-hint"), clear = document.getElementById("clear");
    var none = document.getElementById("none-fits");
    if (hint) hint.hidden = !tapping;
    if (clear) clear.hidden = chosen.length === 0;
    // A forced turn has no move without a card: before a tap, every move is shown.
    var bare = !moves.some(function (button) { return !button.dataset.cards; });
    var shown = 0;
    moves.forEach(function (button) {
      var cards = words(button.dataset.cards);
      var visible = !tapping || same(cards, chosen) || (bare && chosen.length === 0);
      button.hidden = !visible;
      if (visible) shown += 1;
    });
    if (none) none.hidden = shown > 0 || chosen.length === 0;  // nothing tapped: nothing to fit
    Array.prototype.forEach.call(hand, function (card) {
      var name = card.dataset.card, on = chosen.indexOf(name) >= 0;
      card.setAttribute("aria-pressed", on ? "true" : "false");
      var wanted = chosen.concat([name]);
      card.disabled = !on && !moves.some(function (button) {
        return within(wanted, words(button.dataset.cards));
      });
    });
  }

  document.addEventListener("click", function (event) {
    var card = event.target.closest ? event.target.closest("#table button.card") : null;
    if (card) {
      var name = card.dataset.card, at = chosen.indexOf(name);
      if (at >= 0) { chosen.splice(at, 1); } else { chosen.push(name); }
      arrange();
      return;
    }
    if (event.target.id === "clear") { chosen = []; arrange(); }
  });

  // The invitation: copy it, or hand it to the phone's share sheet where there is one.
  var link = document.getElementById("invitation");
  var copy = document.getElementById("copy"), share = document.getElementById("share");
  if (link && copy && navigator.clipboard) {
    copy.hidden = false;
    copy.addEventListener("click", function () {
      navigator.clipboard.writeText(link.value).then(function () {
        document.getElementById("copied").textContent =
          document.getElementById("copied-text").textContent;
      });
    });
  }
  if (link && share && navigator.share) {
    share.hidden = false;
    share.addEventListener("click", function () {
      navigator.share({ title: share.dataset.title, url: link.value }).catch(function () {});
    });
  }

  var poll = document.getElementById("poll");
  var sending = false;
  document.addEventListener("submit", function () { sending = true; });
  arrange();
  var lessonShown = document.getElementById("lesson-text"), heard = document.getElementById("announce");
  if (lessonShown && heard) {  // a page drawn with a prompt: the live region says it once
    window.setTimeout(function () { heard.textContent = lessonShown.textContent; }, 50);
  }
  if (!poll) return;
  var url = poll.dataset.url, seen = poll.dataset.version, ms = Number(poll.dataset.ms) || 2000;
  if (poll.dataset.status === "over") return;

  function announce(before, after, lesson) {
    var region = document.getElementById("announce");
    var fresh = [];
    for (var i = before; i < after.length; i += 1) fresh.push(after[i].textContent);
    if (lesson) fresh.push(lesson);
    if (region && fresh.length) region.textContent = fresh.join(" ");
  }

  function lessonText() {  // the practice deal's prompt (issue 38): heard when it appears
    var lesson = document.getElementById("lesson-text");
    return lesson ? lesson.textContent : "";
  }

  function swap(html) {
    var next = new DOMParser().parseFromString(html, "text/html");
    if (next.getElementById("invitation") || document.getElementById("invitation")) {
      window.location.replace(window.location.pathname);  // the waiting page: the game began
      return;
    }
    var shown = next.getElementById("poll");
    if (shown) seen = shown.dataset.version;
    var focused = document.activeElement, focusId = focused && focused.id;
    var told = document.querySelectorAll("#news li").length, taught = lessonText();
    next.querySelectorAll("[data-live]").forEach(function (part) {
      var old = document.getElementById(part.id);
      if (old) old.replaceWith(document.importNode(part, true));
    });
    var lesson = lessonText();
    announce(told, document.querySelectorAll("#news li"), lesson !== taught ? lesson : "");
    document.querySelectorAll("input[name=version], #message-form input[name=key]").forEach(
      function (field) { field.value = seen; });
    var version = document.getElementById("version");
    if (version) version.textContent = seen;
    if (!next.getElementById("command-form")) {
      var area = document.getElementById("command-area");
      if (area) area.remove();
    }
    document.title = next.title;
    var icon = next.getElementById("favicon"), mine = document.getElementById("favicon");
    if (icon && mine) mine.href = icon.getAttribute("href");
    chosen = chosen.filter(function (name) {  // what was chosen stays chosen, if still held
      return document.querySelector('#table button.card[data-card="' + name + '"]');
    });
    arrange();
    if (focusId && document.activeElement !== focused) {
      var again = document.getElementById(focusId);
      if (again) again.focus();
    }
  }

  function check() {
    if (sending) return;
    fetch(url, { cache: "no-store", credentials: "same-origin" })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (game) {
        if (sending) return null;
        if (!game || String(game.version) === seen) { window.setTimeout(check, ms); return null; }
        seen = String(game.version);
        return fetch(window.location.pathname + window.location.search, { cache: "no-store", credentials: "same-origin" })
          .then(function (page) { return page.text(); })
          .then(function (html) {
            if (sending) return;
            swap(html);
            if (game.status !== "over") window.setTimeout(check, ms);
          });
      })
      .catch(function () { window.setTimeout(check, ms * 2); });
  }
  window.setTimeout(check, ms);
})();
