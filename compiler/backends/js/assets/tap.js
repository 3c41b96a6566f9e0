// One tap does one thing (issue 31): a tap on a control makes the pad rest a moment, and a tap in
// that moment is ignored (and lengthens it), unless both are taps on controls that may be tapped
// again and again (data-repeat: the rooms, the ±1 buttons, which stay where they are): a double tap
// on a step's button never runs the step that replaced it under the finger. While it rests, <html>
// has data-resting: "repeat" when only a control that may be repeated would be heard, else "true".
"use strict";

const PadTap = (function () {
  const REST_MS = 450;
  const CONTROLS = "button, summary";
  let until = 0;
  let lastRepeats = false;
  let timer = null;

  function rest(now) {
    until = now + REST_MS;
    document.documentElement.setAttribute("data-resting", lastRepeats ? "repeat" : "true");
    clearTimeout(timer);
    timer = setTimeout(() => document.documentElement.removeAttribute("data-resting"), REST_MS);
  }

  // A click from the page's own script (not a person) is never held back.
  function guard(event) {
    const control = event.isTrusted && event.target instanceof Element ? event.target.closest(CONTROLS) : null;
    if (!control) return;
    const now = performance.now();
    const repeats = control.hasAttribute("data-repeat");
    if (now < until && !(repeats && lastRepeats)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      rest(now);
      return;
    }
    lastRepeats = repeats;
    rest(now);
  }

  function install() {
    document.addEventListener("click", guard, true);
  }

  return { install, REST_MS };
})();
