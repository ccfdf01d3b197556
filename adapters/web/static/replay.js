// The replay viewer's keys (arrows, Home, End, space) and autoplay; the links work without it.
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
  if (playing && step < last) {
    window.setTimeout(function () { go(step + 1, true); }, 1200);
  }
})();
