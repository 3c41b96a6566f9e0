// Keeping the pad in the browser on every change, so that neither a reload nor a browser killed a
// second after the last entry loses anything. localStorage alone is not enough: Chromium writes it
// to disk a few seconds after a change, and a killed browser loses those seconds. So each save also
// goes to IndexedDB, whose transactions are on disk when they complete (a few milliseconds); on
// opening, whichever copy saw more saves wins.
// Several tabs of one pad share one game (issue 42): every save raises the stored game's revision
// (`seq`), a tab hears another's saves (the `storage` event) and takes the newer game, and a save from
// a tab whose game is older than the stored one is refused (two tabs edited at once: the later loses).
"use strict";

const PadStore = (function () {
  const DATABASE = "gah-pads";
  const TABLE = "pads";

  function open(key) {
    let database = null;
    let pending = null; // the last text saved before the database was open
    let working = true;
    const request = (() => {
      try {
        return window.indexedDB ? window.indexedDB.open(DATABASE, 1) : null;
      } catch (error) {
        return null; // IndexedDB may be off (some private modes): localStorage still serves
      }
    })();

    function write(text) {
      if (!database) {
        pending = text;
        return;
      }
      try {
        database.transaction(TABLE, "readwrite").objectStore(TABLE).put(text, key);
      } catch (error) {
        working = false;
      }
    }

    // The revision of a saved game (-1: none). The pad's first keys are its version, ruleset and
    // revision (game.js, create), read without parsing the whole game on every keystroke.
    function seqOf(text) {
      const head = text ? /^\{"version":\d+,"ruleset":"(?:[^"\\]|\\.)*","seq":(\d+)[,}]/.exec(text) : null;
      if (head) return Number(head[1]);
      try {
        return text ? JSON.parse(text).seq || 0 : -1;
      } catch (error) {
        return -1;
      }
    }

    // The copy in localStorage, at once (null: none).
    function loadNow() {
      try {
        return window.localStorage.getItem(key);
      } catch (error) {
        return null;
      }
    }

    // Then the copy in IndexedDB: `found(text)` if it saw more saves than `seen` (the text read at once).
    function loadLater(seen, found, done) {
      if (!request) {
        done();
        return;
      }
      request.onupgradeneeded = () => request.result.createObjectStore(TABLE);
      request.onerror = () => done();
      request.onsuccess = () => {
        database = request.result;
        try {
          const read = database.transaction(TABLE, "readonly").objectStore(TABLE).get(key);
          read.onsuccess = () => {
            if (typeof read.result === "string" && seqOf(read.result) > seqOf(seen) && pending === null) found(read.result);
            if (pending !== null) write(pending);
            pending = null;
            done();
          };
          read.onerror = () => done();
        } catch (error) {
          done();
        }
      };
    }

    // Save at once, in both places (called on every input event, never on a timer): "saved", "unkept"
    // (storage full or off: the pad works on and says so), or "stale" (another tab saved a later
    // revision than the one this tab changed: nothing is saved).
    function save(pad) {
      if (seqOf(loadNow()) > (pad.seq || 0)) return "stale";
      pad.seq = (pad.seq || 0) + 1;
      const text = JSON.stringify(pad);
      try {
        window.localStorage.setItem(key, text);
      } catch (error) {
        working = false;
      }
      write(text);
      return working ? "saved" : "unkept";
    }

    // `heard(text)` whenever another tab saves this pad (text: the game it saved).
    function watch(heard) {
      window.addEventListener("storage", (event) => {
        if (event.key === key && typeof event.newValue === "string") heard(event.newValue);
      });
    }

    return { loadNow, loadLater, save, watch, seqOf };
  }

  return { open };
})();
