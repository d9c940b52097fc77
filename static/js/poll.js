// The pages that move by themselves (issue 13 §8): an element with data-poll refreshes
// itself with htmx (hx-trigger "every Ns"). The CSP forbids eval, so htmx's trigger
// filters ([document.visibilityState=='visible']) cannot run; this file does the same:
// no poll while the page is hidden or while a field inside the polled part is in use or
// holds something typed, and one at once when the page is shown again. The outcome of
// an action done in place (a queue item signed: "Signed and locked") stays 30 s before
// the next poll redraws the list without it.
(function () {
  "use strict";
  var HOLD_MS = 30000;

  function changed(field) {
    if (field.type === "hidden" || field.type === "submit") return false;
    if (field.type === "checkbox" || field.type === "radio") {
      return field.checked !== field.defaultChecked;
    }
    if (field.tagName === "SELECT") {
      // A single select with no option marked selected starts on its first option.
      var marked = false;
      for (var j = 0; j < field.options.length; j++) {
        if (field.options[j].defaultSelected) marked = true;
      }
      for (var i = 0; i < field.options.length; i++) {
        var initial = field.options[i].defaultSelected || (!marked && !field.multiple && i === 0);
        if (field.options[i].selected !== initial) return true;
      }
      return false;
    }
    return field.value !== field.defaultValue;
  }

  function inProgress(part) {
    var active = document.activeElement;
    if (active && active !== document.body && part.contains(active) &&
        /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName)) {
      return true;
    }
    var fields = part.querySelectorAll("input, textarea, select");
    for (var i = 0; i < fields.length; i++) {
      if (changed(fields[i])) return true;
    }
    return false;
  }

  document.addEventListener("htmx:beforeRequest", function (evt) {
    var elt = evt.detail && evt.detail.elt;
    if (!elt || !elt.hasAttribute || !elt.hasAttribute("data-poll")) return;
    var held = Number(elt.getAttribute("data-poll-held") || 0) > Date.now();
    if (document.visibilityState !== "visible" || held || inProgress(elt)) evt.preventDefault();
  });

  // Before the swap: an item swapped outerHTML is detached afterwards.
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail && evt.detail.target;
    if (!target || !target.closest) return;
    var part = target.closest("[data-poll]");
    if (part && target !== part) part.setAttribute("data-poll-held", String(Date.now() + HOLD_MS));
  });

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible" || !window.htmx) return;
    var parts = document.querySelectorAll("[data-poll]");
    for (var i = 0; i < parts.length; i++) window.htmx.trigger(parts[i], "mesa:poll");
  });
})();
