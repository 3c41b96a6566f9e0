"""Decisions: the recorded choice if there is one, else the default policy, which searches a whole turn's
open decisions on copies of the game (decide, explore, best_option).

Copied verbatim (imports hoisted) into every generated scoring module: see words.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeGuard, TypeVar

from .core import Branch, Cell, Decision, Game, Outcome, Player, Trial, Turn, say, seat
from .words import StateError, plain, shown

T = TypeVar("T")


# Every decision goes through decide(). A recorded one (the player's `choices`) must be legal;
# the others are the default policy's. The policy decides a whole turn (one player's bonus or
# penalty) at once: at its first open decision it searches every sequence of the turn's open
# decisions (explore()) on copies of the game, and plays the sequence with the best projected total.
# A trial takes the first option of each open decision it meets and goes on from there (no replay);
# each other option is tried afterwards, replaying the turn from its start up to that decision.


def is_cell(option: object) -> TypeGuard[Cell]:
    """Whether an option is a room, (floor, column)."""
    return isinstance(option, tuple) and len(option) == 2 and isinstance(option[0], int) and isinstance(option[1], int)


def option_text(option: object) -> str:
    if type(option) is int:  # a card or an option's number, most often (shown() would say the same)
        return str(option)
    if option is None:
        return "none"
    if is_cell(option):
        return f"{option[0]}.{option[1]}"
    if isinstance(option, (list, tuple)):
        return "[" + ", ".join(option_text(x) for x in option) + "]"
    return plain(option) if isinstance(option, str) else shown(option)


def choice_value(option: object) -> Any:
    """An option as a state's `choices` would record it (rooms as "floor.column")."""
    if is_cell(option):
        return f"{option[0]}.{option[1]}"
    return option


class Infeasible(Exception):
    """On a trial's path a recorded decision is illegal: the path cannot be the one played."""


class LazyTurn(Exception):
    """A turn begun without a copy of its start (Game.lazy_turns) has to replay from it: the caller scores the
    game again from its state, every turn's start copied (see take_turn())."""


class Restart(Exception):
    """An open decision after an order-only one taken for now: the trial's last part (from its last open
    decision, or its start) is tried again, every order-only decision's options compared (see explore())."""


def explore(
    turn: Turn, project: Callable[[Game, Player], int], script: list[Any], consumed: int, strict: bool = False
) -> Outcome:
    """The best continuation of a turn once the policy took `script`: every sequence of the open
    decisions after it, tried on copies of the game (the first option of each in place, see Trial).

    The best has the most recorded decisions used (a recorded decision the path never asks for is a
    warning, an illegal one an error), then the highest projected total; ties go to the first option.
    The options tried are pruned only where the others are provably worth the same (see decide()).
    """
    if turn.start is None:
        raise LazyTurn
    real, (mine, deck, discard) = turn.game, turn.start
    if turn.everyone is not None:  # effects change other players: every player as the turn began, copied
        players = [each.clone() for each in turn.everyone]
        player = players[turn.index]
    else:
        players = real.players[:]  # the others shared, as Game.clone(player) shares them
        player = players[turn.index] = mine.clone()
    game = Game(real.rules, real.round, real.tiles, deck[:], discard[:], players, [], [], False)
    game.before = real.before  # read only
    trial = game.trial = Trial(script, consumed, strict, turn.quiet)
    try:
        turn.steps(game, player, turn.tile_id)
    except Restart:
        outcome = explore_again(turn, project, trial, consumed)
    except Infeasible:
        if 0 <= trial.provisional < game.card_reads:
            outcome = explore_again(turn, project, trial, consumed)
        else:
            outcome = Outcome((trial.consumed, float("-inf")), [], game.card_reads - trial.offset)
    else:
        if 0 <= trial.provisional < game.card_reads:
            # A later step looked at the cards an order-only decision moved: try its every option after all.
            outcome = explore_again(turn, project, trial, consumed)
        else:
            total = project(game, player)
            # Nothing after the order-only decisions taken for now looked at the cards: each option is worth the same.
            path: list[tuple[Any, Any, float | None]] = (
                [(first, second, total) for first, second in trial.alike] if trial.alike else []
            )
            outcome = Outcome((trial.consumed, total), path, game.card_reads - trial.offset)
    if trial.pending:
        # The path went on with the first option of each open decision it met: the last met is settled first.
        for branch in reversed(trial.pending):
            outcome = best_option(turn, project, branch, outcome)
    return outcome


def explore_again(turn: Turn, project: Callable[[Game, Player], int], trial: Trial, consumed: int) -> Outcome:
    """A trial's last part (from its last open decision, the first option taken; else the whole trial, which
    began with `consumed` recorded decisions used) tried again, every order-only decision's options compared."""
    if not trial.pending:
        return explore(turn, project, trial.script, consumed, True)
    last = trial.pending.pop()
    outcome = explore(turn, project, [*last.prefix, last.options[0]], last.consumed, True)
    return best_option(turn, project, last, outcome)


def best_option(
    turn: Turn, project: Callable[[Game, Player], int], branch: Branch, first: Outcome | None = None
) -> Outcome:
    """The best of a decision's options, each with its best continuation (explore()); `first`: the first
    option's, when a trial already went on with it. An option of a class already tried has its outcome."""
    best: Outcome | None = None
    chosen: Any = None
    runner: tuple[Any, tuple[int, float]] | None = None
    reads = branch.reads
    classes, children = branch.classes, branch.children
    tried: dict[Any, Outcome] = {}
    for number, option in enumerate(branch.options):
        known = first if number == 0 and first is not None else None if children is None else children[number]
        if known is not None:
            child = known
        elif classes is not None and classes[number] in tried:
            child = tried[classes[number]]
        else:
            child = explore(turn, project, [*branch.prefix, option], branch.consumed)
        if classes is not None and classes[number] not in tried:
            tried[classes[number]] = child
        if child.reads > reads:
            reads = child.reads
        if best is None or child.score > best.score:
            if best is not None:
                runner = (chosen, best.score)  # the old best beats every runner-up so far
            best, chosen = child, option
        elif runner is None or child.score > runner[1]:
            runner = (option, child.score)
        if branch.order_only and number == 0 and child.reads == branch.reads:
            # Nothing after this decision looks at which cards are where: every order is worth the same.
            runner = (branch.options[1], child.score)
            break
    assert best is not None  # a Branch has 2 options or more
    top = (chosen, None, None) if runner is None else (chosen, runner[0], runner[1][1])
    return Outcome(best.score, [top, *best.path], reads)


def finished(
    game: Game,
    player: Player,
    branches: list[Any],
    finish: Callable[[Game, Player, Any], None],
    origin: tuple[int, int, list[Any] | None],
    skip_first: bool,
    restore: Callable[[Game, Player, Any], None] | None = None,
) -> list[Outcome | None]:
    """The outcome of each option of a decision after which the turn ends with the rest of its step, found
    where the game stands: on a copy, the option taken and the step finished (`finish`, as a trial that
    replayed the turn to here would go on), then the player projected; no replay of the turn. `origin`: the
    recorded decisions used and the card reads so far, as such a trial counts them, and the options' classes
    (see decide()). None for an option found otherwise: the first when `skip_first` (taken in place), one of a
    class already found, or one whose rest asks an open decision, reads cards an order-only decision moved,
    or meets an illegal record (explore() replays it). With `restore`, which puts back all that `finish` does
    (or began to do), each option is taken on the game itself and put back: no copy (see taken_back()); but a
    Staff card that acts once when played on a copy (its effect may change anything)."""
    consumed, reads, classes = origin
    start = (consumed, reads, game.trial.quiet if game.trial is not None else not game.explain)
    steps = None if restore is None else (finish, restore)
    once = game.rules.once_effects
    found: list[Outcome | None] = []
    seen: set[Any] = set()
    for number, option in enumerate(branches):
        kind = number if classes is None else classes[number]
        if kind in seen or (number == 0 and skip_first):
            seen.add(kind)
            found.append(None)
            continue
        seen.add(kind)
        if steps is not None and option not in once and not game.rules.targets_others:
            found.append(taken_back(game, player, option, steps, start))
        else:
            copy = game.clone(player)
            found.append(rest_of_step(copy, copy.players[seat(game, player)], option, finish, start))
    return found


def rest_of_step(
    game: Game, player: Player, option: Any, finish: Callable[[Game, Player, Any], None], origin: tuple[int, int, bool]
) -> Outcome | None:
    """One option of finished() taken on `game` as a trial would (a new Trial; `origin`: the recorded decisions
    used and the card reads before, and whether the real game is quiet), and its outcome; None where the rest
    asks an open decision, reads cards an order-only decision moved or meets an illegal record."""
    consumed, reads, quiet = origin
    trial = game.trial = Trial([], consumed, False, quiet)
    before = game.card_reads
    try:
        finish(game, player, option)
    except (Infeasible, Restart):
        return None
    if trial.pending or 0 <= trial.provisional < game.card_reads:
        return None
    project = game.rules.project
    assert project is not None
    total = project(game, player)
    path: list[tuple[Any, Any, float | None]] = [(first, second, total) for first, second in trial.alike]
    return Outcome((trial.consumed, total), path, reads + game.card_reads - before)


def taken_back(
    game: Game,
    player: Player,
    option: Any,
    steps: tuple[Callable[[Game, Player, Any], None], Callable[[Game, Player, Any], None]],
    origin: tuple[int, int, bool],
) -> Outcome | None:
    """rest_of_step() on the game itself (quietly), then all of it put back: `steps` are finish and restore
    (the player's state and the deck), and the game's trial, card reads and the player's decision counts are
    put back here. Only the player changes: the real game's search and a trial's copy both allow it."""
    saved = game.trial, game.card_reads, game.explain, player.cursor
    player.cursor = player.cursor.copy()
    game.explain = False
    try:
        return rest_of_step(game, player, option, steps[0], origin)
    finally:
        steps[1](game, player, option)
        game.trial, game.card_reads, game.explain, player.cursor = saved


def take_turn(game: Game, player: Player, steps: Callable[[Game, Player, str], None], tile_id: str) -> None:
    """A player's bonus or penalty of `tile_id`, every open decision of it taken together."""
    # The turn's start: what it can change (this player, the deck and discard pile), copied; not a whole Game.
    # With lazy_turns, a player with recorded choices most often has every decision of the turn recorded, and
    # then nothing replays the turn: no copy; a search that would replay it raises LazyTurn instead.
    lazy = game.lazy_turns and player.choices
    start = None if lazy else (player.clone(), game.deck[:], game.discard[:])
    turn = game.turn = Turn(seat(game, player), steps, tile_id, game, start, game.card_reads, not game.explain)
    if start is not None and game.rules.targets_others:
        turn.everyone = [each.clone() for each in game.players]
    first = len(game.decisions)
    try:
        steps(game, player, tile_id)
    finally:
        game.turn = None
    decisions = game.decisions
    if len(decisions) == first:  # a quiet game's, or a turn that decided nothing: no loop, no call
        return
    total: int | None = None
    for index in range(first, len(decisions)):
        decision = decisions[index]
        if decision.how != "policy":
            continue
        if total is None:
            # The plan's total when the turn was searched; else only options known to be worth the same were
            # open (symmetry), and the total is the projection now.
            total = int(turn.total) if turn.total is not None else projection(game, player)
        decision.total = total
        if decision.alike:
            decision.runner_up_total = total


def projection(game: Game, player: Player) -> int:
    """The player's projected total in the real game (the projection decides nothing)."""
    assert game.rules.project is not None
    game.projecting = True
    try:
        return game.rules.project(game, player)
    finally:
        game.projecting = False


def recorded_at(player: Player, key: str, index: int) -> tuple[bool, Any]:
    """Whether decision `index` of `key` is recorded, and its value.

    A key holds one value (the first decision of its kind) or a list (each in the order asked)."""
    value = player.choices.get(key, player)  # the player: a marker for "not recorded"
    if isinstance(value, list):
        return (True, value[index]) if index < len(value) else (False, None)
    return (True, value) if index == 0 and value is not player else (False, None)


def next_recorded(player: Player, key: str) -> tuple[int, bool, Any]:
    """Ask the next decision of `key`: its index, whether it is recorded, and the recorded value."""
    index = player.cursor.get(key, 0)
    player.cursor[key] = index + 1
    return (index, *recorded_at(player, key, index))


def peek_recorded(player: Player, key: str) -> tuple[bool, Any]:
    """The recorded value of the next decision of `key`, without asking it."""
    return recorded_at(player, key, player.cursor.get(key, 0))


def choice_path(game: Game, player: Player, key: str, index: int) -> str:
    """Where a recorded decision is in the state: players[i].choices.KEY, or KEY[n] in a list."""
    where = f"players[{seat(game, player)}].choices.{key}"
    return f"{where}[{index}]" if isinstance(player.choices.get(key), list) else where


def choice_error(game: Game, player: Player, key: str, index: int, detail: str) -> StateError:
    """An illegal recorded choice, named by its path in the state (so `gah score` can point at it)."""
    path = choice_path(game, player, key, index)
    return StateError(say(game, "choice_error", path=path, detail=detail, player=plain(player.name)))


def recorded_choice(game: Game, player: Player, key: str, index: int, value: Any, options: list[T], none_why: str) -> T:
    """A recorded decision's option: it must be legal (else an error, or in a trial an infeasible path)."""
    chosen = parse_cell(value) if key in CELL_KEYS else value
    if chosen in options:
        return chosen
    if game.trial is not None or game.projecting:
        raise Infeasible
    if none_why and options == [None]:
        detail = say(game, "not_legal_because", value=option_text(value), why=say(game, none_why))
    else:
        legal = say(game, "list_separator").join(
            say(game, "no_option") if o is None else option_text(o) for o in options
        )
        detail = say(game, "not_legal", value=option_text(value), options=legal)
    raise choice_error(game, player, key, index, detail)


def note(game: Game, player: Player, key: str, index: int, value: Any, how: str, runner: Any = None) -> Decision:
    """Keep a decision for the result (explaining games only)."""
    if isinstance(value, tuple):
        value = choice_value(value)
    if isinstance(runner, tuple):
        runner = choice_value(runner)
    decision = Decision(player.name, key, index, value, how, runner)
    game.decisions.append(decision)
    return decision


def decide(
    game: Game,
    player: Player,
    key: str,
    options: list[T],
    tried: list[T] | None = None,
    order_only: bool = False,
    none_why: str = "",
    dominated: bool = False,
    classes: list[Any] | None = None,
    finish: Callable[[Game, Player, Any], None] | None = None,
    restore: Callable[[Game, Player, Any], None] | None = None,
) -> T:
    """One decision: the recorded choice if there is one (it must be legal), else the default policy.

    `options` are every legal option in the documented order (ties go to the first); `none_why` says
    why "none" is the only one. `tried`: the options the policy needs to try, where the others are
    provably worth no more (symmetry: they lead to the same projected total as one tried).
    `dominated`: the options not in `tried` are worth no more, but maybe less (no runner-up is shown).
    `order_only`: the decision only moves cards (which go under the deck, in which order); when
    nothing later in the turn looks at which cards are where, the first option stands for all.
    `classes`: a class for each option tried, where options of one class provably lead to the same outcome
    (the same total, and nothing decided after them): the search tries the first of each class only.
    `finish`: where this decision ends the turn (the generator proved nothing follows it), what taking an
    option does: the search takes each option on a copy of the game as it stands (see finished()); `restore`
    puts back all that `finish` did: then on the game itself, no copy. An order-only decision's `finish` is the
    rest of its step, which ends the turn (more order-only decisions in it): the search takes its first option
    so (see search_here()).
    """
    trial = game.trial
    index = 0
    if player.choices or game.explain:  # only records and explanations need to know which decision this is
        cursor = player.cursor
        index = cursor.get(key, 0)
        cursor[key] = index + 1
    if trial is not None and trial.at < len(trial.script):
        scripted: T = trial.script[trial.at]  # replaying the path to an open decision, as first taken
        trial.at += 1
        return scripted
    if player.choices:
        found, value = recorded_at(player, key, index)
        if found:
            return decide_recorded(game, player, key, index, value, options, none_why, order_only)
    branches = options if tried is None else tried
    if len(branches) == 1:
        if trial is not None:  # a trial's, most often: the option taken, nothing told
            trial.made.append(branches[0])
            return branches[0]
        return decide_only(game, player, key, index, options, branches[0], dominated)
    if trial is not None:
        return go_on(game, player, trial, branches, order_only, (classes, finish, restore))
    return decide_planned(game, player, key, index, branches, order_only, (classes, finish, restore))


def decide_recorded(
    game: Game, player: Player, key: str, index: int, value: Any, options: list[T], none_why: str, order_only: bool
) -> T:
    """decide() where the player's `choices` record the decision (decision `index` of `key`): it must be legal."""
    trial, turn = game.trial, game.turn
    if order_only:
        game.card_reads += 1  # its legality depends on which cards are where
        if trial is not None:
            trial.hidden += 1  # a replay of this path does not count it (see Trial)
        elif turn is not None:
            turn.hidden += 1
    if trial is not None:
        trial.consumed += 1  # before the legality check: a path that reaches an illegal record uses it
    chosen = recorded_choice(game, player, key, index, value, options, none_why)
    if trial is not None:
        trial.made.append(chosen)
        return chosen
    if turn is not None:
        turn.made.append(chosen)
        turn.consumed += 1
    if game.explain:
        said = game.voice.said["no_option"]() if chosen is None else option_text(chosen)
        text = game.voice.said["chooses_recorded"](player=player.name, option=said, key=key)
        game.events.append({"round": game.round, "player": player.name, "kind": "choice", "text": text, "key": key})
        note(game, player, key, index, chosen, "recorded")
    return chosen


def decide_only(game: Game, player: Player, key: str, index: int, options: list[T], chosen: T, dominated: bool) -> T:
    """decide() where the policy has one option to try, `chosen`: the only legal one, or the one the others are
    provably worth no more than (symmetry: as much; `dominated`: maybe less, no runner-up shown), in the real
    game (a trial's is taken in decide())."""
    turn = game.turn
    if turn is not None:
        turn.made.append(chosen)
    if game.explain:
        if len(options) == 1:
            note(game, player, key, index, chosen, "only")
        elif dominated:
            note(game, player, key, index, chosen, "policy")
        else:
            other = next(o for o in options if o != chosen)
            note(game, player, key, index, chosen, "policy", other).alike = True
    return chosen


def decide_planned(
    game: Game, player: Player, key: str, index: int, branches: list[T], order_only: bool, rest: Rest
) -> T:
    """decide() at an open decision of the real game: the turn's plan, searched here if it does not cover it."""
    turn = game.turn
    if turn is None or game.rules.project is None:
        raise RuntimeError(f"decision {key} outside a turn")  # a generator bug: every turn is wrapped
    if turn.opened >= len(turn.plan):
        search_here(game, player, turn, branches, order_only, rest)
    chosen: T
    chosen, runner, runner_total = turn.plan[turn.opened]
    turn.opened += 1
    turn.made.append(chosen)
    if game.explain:
        decision = note(game, player, key, index, chosen, "policy", runner)
        decision.runner_up_total = None if runner_total is None or runner_total == float("-inf") else int(runner_total)
    return chosen


# An open decision's classes, and what finishes and puts back an option that ends the turn (see decide()).
Rest = tuple[list[Any] | None, Callable[[Game, Player, Any], None] | None, Callable[[Game, Player, Any], None] | None]


def go_on(game: Game, player: Player, trial: Trial, branches: list[T], order_only: bool, rest: Rest) -> T:
    """An open decision in a trial: the first option, the others tried once the trial's path ends (see Trial)."""
    if order_only and not trial.strict:
        # For now the first option: if nothing later looks at the cards, every option is worth the same.
        if trial.provisional < 0:
            trial.provisional = game.card_reads
        trial.alike.append((branches[0], branches[1]))
        trial.made.append(branches[0])
        return branches[0]
    if trial.provisional >= 0:
        raise Restart  # the options of the order-only decisions before this one are compared after all
    # Go on with the first option, as its trial would after replaying the turn to here (see Trial).
    classes, finish, restore = rest
    reads = game.card_reads - trial.offset
    prefix = [*trial.script, *trial.made]
    children = None
    if finish is not None and not order_only:  # an order-only one: each option replayed, as search_here's others
        origin = (trial.consumed, game.card_reads - trial.hidden, classes)
        children = finished(game, player, branches, finish, origin, True, restore)
    trial.pending.append(Branch(branches, order_only, reads, prefix, trial.consumed, classes, children))
    trial.offset = trial.hidden
    trial.strict = False
    trial.made.append(branches[0])
    return branches[0]


def search_here(game: Game, player: Player, turn: Turn, branches: list[Any], order_only: bool, rest: Rest) -> None:
    """The real game stands at an open decision the plan does not cover: the search plans the turn from here."""
    classes, finish, restore = rest
    reads = game.card_reads - turn.reads
    children: list[Outcome | None] | None = None
    if finish is not None and order_only:
        # Only the first option where the game stands: where nothing after it looks at the cards, it stands for
        # every order (best_option() stops there); else the others are replayed.
        origin = (turn.consumed, reads - turn.hidden, classes)
        children = finished(game, player, branches[:1], finish, origin, False, restore) + [None] * (len(branches) - 1)
    elif finish is not None:
        origin = (turn.consumed, reads - turn.hidden, classes)
        children = finished(game, player, branches, finish, origin, False, restore)
    here = Branch(branches, order_only, reads, list(turn.made), turn.consumed, classes, children)
    assert game.rules.project is not None
    found = best_option(turn, game.rules.project, here)
    turn.plan[turn.opened :] = found.path
    turn.total = found.score[1]


CELL_KEYS = ("prepare_room", "occupy_room", "remove_rooms")


def parse_cell(value: Any) -> Cell | None:
    """A room written "floor.column" (checked when the state was read), or None."""
    if value is None:
        return None
    floor, column = str(value).split(".")
    return int(floor), int(column)
