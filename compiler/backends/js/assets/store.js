// Keeping the pad in the browser on every change, so that neither a reload nor a browser killed a
// second after the last entry loses anything. localStorage alone is not enough: Chromium writes it
// to disk a few seconds after a change, and a killed browser loses those seconds. So each save also
// goes to IndexedDB, whose transactions are on disk when they complete (a few milliseconds); on
// opening, whichever copy saw more saves wins.
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

    function seqOf(text) {
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

    // Save at once, in both places (called on every input event, never on a timer).
    function save(pad) {
      pad.seq = (pad.seq || 0) + 1;
      const text = JSON.stringify(pad);
      try {
        window.localStorage.setItem(key, text);
      } catch (error) {
        working = false; // storage full or off: the pad works on and says so
      }
      write(text);
      return working;
    }

    return { loadNow, loadLater, save };
  }

  return { open };
})();
