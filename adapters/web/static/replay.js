// The replay viewer's keys (arrows, Home, End, space), swipes on a touch screen (left: next,
// right: back) and autoplay; the links work without it.
(function () {
  "use strict";
  var stepper = document.getElementById("stepper");
  if (!stepper) return;
  var step = Number(stepper.dataset.step), last = Number(stepper.dataset.last);
  var playing = stepper.dataset.playing === "yes";
  function go(to, play) {
    to = Math.min(Math.max(to, 1), last);
    window.location.assign("?step=" + to + (play ? "&play=1" : ""));
  }
  document.addEventListener("keydown", function (event) {
    if (event.target && event.target.tagName === "INPUT") return;
    if (event.key === "ArrowRight") { go(step + 1, false); }
    else if (event.key === "ArrowLeft") { go(step - 1, false); }
    else if (event.key === "Home") { go(1, false); }
    else if (event.key === "End") { go(last, false); }
    else if (event.key === " ") { go(step, !playing); }
    else { return; }
    event.preventDefault();
  });
  var board = document.getElementById("board"), start = null;
  if (board) {
    board.addEventListener("pointerdown", function (event) {
      start = { x: event.clientX, y: event.clientY };
    });
    board.addEventListener("pointerup", function (event) {
      if (!start) return;
      var dx = event.clientX - start.x, dy = event.clientY - start.y;
      start = null;
      if (Math.abs(dx) < 40 || Math.abs(dx) < 2 * Math.abs(dy)) return;  // a tap or a scroll
      go(dx < 0 ? step + 1 : step - 1, false);
    });
  }
  if (playing && step < last) {
    window.setTimeout(function () { go(step + 1, true); }, 1200);
  }
})();
