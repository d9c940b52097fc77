// The hand being logged (issue 13 §4): chip keypad, card picker and keyboard shortcuts.
// Served from our static files (the CSP allows no inline script). Every listener is
// delegated from the document, so the panel htmx swaps in needs no rebinding.
(function () {
  "use strict";

  function panel() { return document.getElementById("live-panel"); }

  function decimalSep() {
    var p = panel();
    return (p && p.getAttribute("data-decimal")) || ",";
  }

  // An amount as shown (20,00 or 1.500 in Spanish, 1,500.00 in English) as a number.
  function readAmount(text) {
    var t = String(text || "").replace(/[\s\u00a0]/g, "");
    if (!t) { return 0; }
    if (decimalSep() === ",") { t = t.replace(/\./g, "").replace(",", "."); }
    else { t = t.replace(/,/g, ""); }
    var n = parseFloat(t);
    return isNaN(n) ? 0 : n;
  }

  // Written back without thousands separators, as floor.proposals.parse_amount reads it.
  function writeAmount(input, value) {
    var cents = Math.round(value * 100);
    input.value = cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
    input.removeAttribute("data-fresh");
  }

  function amountInput() {
    var p = panel();
    return p ? p.querySelector(".live-amount") : null;
  }

  function onKeypad(button) {
    var form = button.closest("form.sizing");
    var input = form && form.querySelector(".live-amount");
    if (!input) { return; }
    var chip = button.getAttribute("data-chip");
    var set = button.getAttribute("data-set");
    if (chip !== null) {
      var base = input.hasAttribute("data-fresh") ? 0 : readAmount(input.value);
      writeAmount(input, base + parseFloat(chip));
    } else if (set === "min") {
      writeAmount(input, parseFloat(form.getAttribute("data-min")));
    } else if (set === "max") {
      writeAmount(input, parseFloat(form.getAttribute("data-max")));
    } else if (set === "clear") {
      input.value = "";
      input.removeAttribute("data-fresh");
    }
  }

  function onCard(button) {
    var form = button.closest("form.deal");
    var input = form && form.elements.namedItem("cards");  // may sit outside, form="deal-form"
    if (!input) { return; }
    var card = button.getAttribute("data-card");
    var cards = input.value.split(/\s+/).filter(Boolean);
    var at = cards.indexOf(card);
    if (at >= 0) { cards.splice(at, 1); } else { cards.push(card); }
    input.value = cards.join(" ");
    button.setAttribute("aria-pressed", at >= 0 ? "false" : "true");
    // The street's last card deals them (flop: the third tap); undo is one tap away.
    var needed = parseInt(form.getAttribute("data-cards") || "0", 10);
    if (needed && cards.length === needed && !form.hasAttribute("data-sent")) {
      form.setAttribute("data-sent", "1");
      form.requestSubmit();
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || !panel() || !panel().contains(button)) { return; }
    if (button.closest(".keypad")) { onKeypad(button); }
    else if (button.classList.contains("card-key")) { onCard(button); }
  });

  function press(key) {
    var p = panel();
    var button = p && p.querySelector('button[data-key="' + key + '"]:not([disabled])');
    if (button) { button.click(); return true; }
    return false;
  }

  // Keyboard shortcuts on a desktop: f fold, c check/call, r bet/raise, a all-in,
  // u undo, digits into the amount, Enter confirms.
  document.addEventListener("keydown", function (event) {
    if (!panel() || event.ctrlKey || event.metaKey || event.altKey) { return; }
    var target = event.target;
    var typing = target instanceof HTMLElement &&
      (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA");
    if (typing) { return; }  // the fields keep their own keys (Enter submits their form)
    var key = event.key;
    if (/^[0-9]$/.test(key) || key === "," || key === ".") {
      var input = amountInput();
      if (!input) { return; }
      if (input.hasAttribute("data-fresh")) { input.value = ""; input.removeAttribute("data-fresh"); }
      input.value += key;
      event.preventDefault();
      return;
    }
    if (key === "Backspace") {
      var amount = amountInput();
      if (amount) { amount.value = amount.value.slice(0, -1); event.preventDefault(); }
      return;
    }
    var map = { f: "f", c: "c", r: "r", a: "a", u: "u", Enter: "enter" };
    var name = map[key] || map[key.toLowerCase && key.toLowerCase()];
    if (key === "Enter" && amountInput() && !amountInput().hasAttribute("data-fresh")) { name = "r"; }
    if (name && press(name)) { event.preventDefault(); }
  });

  // The amount field: a tap selects what it holds, so the digits typed replace it and the
  // keyboard's Enter (Go) sends the bet (issue 38 §5: one tap, the rest keystrokes).
  document.addEventListener("focusin", function (event) {
    var input = event.target;
    if (input instanceof HTMLInputElement && input.classList.contains("live-amount")) {
      input.removeAttribute("data-fresh");
      input.select();
    }
  });

  // Issue 38 §1: the panel's poll may answer after a tap already swapped a newer panel in;
  // an answer older than the panel shown is dropped (the version only moves on).
  function versionOf(html) {
    var match = /id="live-panel"[^>]*data-version="(\d+)"/.exec(html || "");
    return match ? parseInt(match[1], 10) : null;
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var p = panel();
    var detail = event.detail || {};
    if (!p || detail.target !== p || !detail.xhr) { return; }
    var shown = parseInt(p.getAttribute("data-version") || "0", 10);
    var answered = versionOf(detail.xhr.responseText);
    if (answered !== null && answered < shown) { detail.shouldSwap = false; }
  });

  // After a swap, keep the focus in the panel (not lost on <body>) for keyboard users.
  document.addEventListener("htmx:afterSwap", function () {
    var p = panel();
    if (p && p.contains(document.activeElement) === false) {
      var head = p.querySelector("#next");
      if (head) { head.setAttribute("tabindex", "-1"); head.focus({ preventScroll: true }); }
    }
  });
})();
