// Mesa's page behaviour, served from our own static files: the Content-Security-Policy
// allows no inline script or on*= attribute (issue 12 §8).
(function () {
  "use strict";
  // A <select data-autosubmit> sends its form when changed (the role switch).
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target instanceof HTMLSelectElement && target.hasAttribute("data-autosubmit") && target.form) {
      target.form.submit();
    }
  });
})();
