// One tap does one thing, however slow the phone (issues 31 and 42): a tap on a control makes the pad
// rest, and a tap while it rests is ignored (and lengthens the rest), unless both are taps on controls
// that may be tapped again and again (data-repeat: the rooms, the ±1 buttons, which stay where they
// are). The rest lasts while the step runs and until the screen shows its result (the next frame
// drawn after it), and then a pause: REST_MS, or PHASE_MS after a step that starts the next phase
// (data-phase: a scoring, the final scoring, a deal, a new game), so a double tap on a step's button
// never runs the step that replaced it under the finger, even when the step takes longer than the
// pause. While it rests, <html> has data-resting: "repeat" when only a control that may be repeated
// would be heard, else "true".
"use strict";

const PadTap = (function () {
  const REST_MS = 450;
  const PHASE_MS = 900;
  const FRAME_WAIT_MS = 1000; // a page that draws no frame (hidden, or a starved browser) settles after this
  const CONTROLS = "button, summary";
  let until = 0; // when the pause ends (Infinity: a step is running, or its result is not drawn yet)
  let lastRepeats = false;
  let lastPhase = false; // the last step heard started a phase: a tap held back keeps its longer pause
  let rests = 0; // the rests begun: only the last one ends the pause
  let timer = null;

  function rest(phase) {
    const mine = ++rests;
    until = Infinity;
    document.documentElement.setAttribute("data-resting", lastRepeats ? "repeat" : "true");
    clearTimeout(timer);
    const pause = phase ? PHASE_MS : REST_MS;
    // After the step (this task) the browser draws its result in the next frame; the pause begins once
    // that frame is drawn (a task after the frame's callbacks).
    let done = false;
    const settled = () => {
      if (done || mine !== rests) return;
      done = true;
      until = performance.now() + pause;
      timer = setTimeout(() => mine === rests && document.documentElement.removeAttribute("data-resting"), pause);
    };
    requestAnimationFrame(() => setTimeout(settled, 0));
    setTimeout(settled, FRAME_WAIT_MS);
  }

  // A click from the page's own script (not a person) is never held back.
  function guard(event) {
    const control = event.isTrusted && event.target instanceof Element ? event.target.closest(CONTROLS) : null;
    if (!control) return;
    const repeats = control.hasAttribute("data-repeat");
    if (performance.now() < until && !(repeats && lastRepeats)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      rest(lastPhase);
      return;
    }
    lastRepeats = repeats;
    lastPhase = control.hasAttribute("data-phase");
    rest(lastPhase);
  }

  function install() {
    document.addEventListener("click", guard, true);
  }

  return { install, REST_MS, PHASE_MS };
})();
