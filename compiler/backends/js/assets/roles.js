// Player roles in the pad (rules data `roles`): which seat a new game gives a role, and which fields a player
// of a role has (none for what its role never has: krones, kitchen, cafe, hand). The engine scores the role.
"use strict";

const PadRoles = (function () {
  const NOTHING = { krones: "0", kitchen: null, cafe: [], hand: [] };

  function make(DATA) {
    const byId = {};
    for (const role of DATA.roles || []) byId[role.id] = role;

    // The role the deal gives the player at `index` (from 0), or null.
    function ofSeat(index) {
      return (DATA.roles || []).find((role) => role.seat === index + 1) || null;
    }

    // Whether a player (entries or state) has a field: false for what its role never has.
    function has(player, key) {
      const role = player && player.role ? byId[player.role] : null;
      return !role || !role.without.includes(key);
    }

    // A new player's entries at `index` given its seat's role: the role, and nothing of what it never has.
    function seated(entry, index) {
      const role = ofSeat(index);
      if (!role) return entry;
      entry.role = role.id;
      for (const key of role.without) {
        if (key === "kitchen") for (const item of Object.keys(entry.kitchen)) entry.kitchen[item] = "0";
        else entry[key] = NOTHING[key];
      }
      return entry;
    }

    // "Leopold (solo opponent)": a name with its role's name, in the words of the page.
    function named(words, name, role) {
      return role ? words.say("role_of", { name, role: words.term("roles", role, role) }) : name;
    }

    return { ofSeat, has, seated, named };
  }

  return { make };
})();
