// The tournament clock on a screen (issue 42): the server says the time left in the level
// (replayed from the clock's log) each time the fragment is drawn; between two polls the
// page counts it down itself, one second at a time, when the clock runs. Every element
// with data-countdown-ms shows mm:ss (h:mm:ss past an hour). No inline code (the CSP).
(function () {
  "use strict";
  var timers = [];

  function text(ms) {
    var total = Math.max(0, Math.floor(ms / 1000));
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    var mm = (h && m < 10 ? "0" : "") + m, ss = (s < 10 ? "0" : "") + s;
    return (h ? h + ":" : "") + mm + ":" + ss;
  }

  function start() {
    timers.forEach(clearInterval);
    timers = [];
    document.querySelectorAll("[data-countdown-ms]").forEach(function (el) {
      var left = parseInt(el.getAttribute("data-countdown-ms"), 10) || 0;
      var began = Date.now();
      el.textContent = text(left);
      if (el.getAttribute("data-running") !== "1") return;
      timers.push(setInterval(function () {
        el.textContent = text(left - (Date.now() - began));
      }, 1000));
    });
  }

  document.addEventListener("DOMContentLoaded", start);
  document.addEventListener("htmx:afterSettle", start);
})();
