"""The lab's game model: schema-checked YAML (rules/lab/*.yaml) turned into frozen distributions."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, replace
from pathlib import Path

from ...errors import Problem, RulesError
from ...frontend.loader import Node, load_file
from ...frontend.rulesets import Workspace
from ...frontend.validate import key_position, locate, schema_problems
from ...said import problem_at

SCHEMA = "lab-model"

# The distributions of a round, in the order the synthetic game uses them.
FIELDS: tuple[str, ...] = (
    "emperor",
    "points",
    "krones",
    "items",
    "prepare",
    "occupy",
    "hire",
    "draw",
    "objectives",
    "cafe",
    "guest_items",
)

# The largest value each distribution may draw (a larger one is a positioned error).
LIMITS: dict[str, int] = {
    "emperor": 50,
    "points": 999,
    "krones": 999,
    "items": 50,
    "prepare": 20,
    "occupy": 20,
    "hire": 10,
    "draw": 10,
    "objectives": 10,
    "cafe": 9,
    "guest_items": 10,
}

STAFF_KINDS: tuple[str, ...] = ("once_per_round", "permanent", "once", "game_end")


@dataclass(frozen=True, slots=True)
class Distribution:
    """Whole numbers with integer weights; `pick` maps a 32-bit random number to a value exactly."""

    values: tuple[int, ...]
    cumulative: tuple[int, ...]  # running totals of the weights
    total: int

    @classmethod
    def of(cls, weights: dict[int, int]) -> Distribution:
        values = tuple(sorted(weights))
        running, cumulative = 0, []
        for value in values:
            running += weights[value]
            cumulative.append(running)
        return cls(values, tuple(cumulative), running)

    def pick(self, r32: int) -> int:
        return self.values[bisect_right(self.cumulative, (r32 * self.total) >> 32)]

    @property
    def mean(self) -> float:
        previous, weighted = 0, 0
        for value, running in zip(self.values, self.cumulative, strict=True):
            weighted += value * (running - previous)
            previous = running
        return weighted / self.total


@dataclass(frozen=True)
class RoundModel:
    """The distributions of one round."""

    emperor: Distribution
    points: Distribution
    krones: Distribution
    items: Distribution
    prepare: Distribution
    occupy: Distribution
    hire: Distribution
    draw: Distribution
    objectives: Distribution
    cafe: Distribution
    guest_items: Distribution


@dataclass(frozen=True)
class Price:
    """What one unit of a planned choice costs: points forgone and krones paid."""

    points: int = 0
    krones: int = 0


@dataclass(frozen=True)
class Planning:
    """Players who respond to the rules (gah.lab.engine.planning); share 0: nobody plans."""

    share: int = 0  # percent of players who plan
    mistakes: int = 0  # percent of decisions taken at random
    temperature: int = 0  # points; 0: always the best choice
    step_limit: int = 0  # extra Emperor steps a planner may buy before a scoring
    step_price: Price = Price()
    cafe: bool = False  # whether planners may serve the guests left in the café at the end
    guest_price: Price = Price()
    fixed: bool = False  # planning turned off for a first-order run (--fixed)

    @property
    def active(self) -> bool:
        return self.share > 0 and (self.step_limit > 0 or self.cafe)


NO_PLANNING = Planning()


@dataclass(frozen=True)
class Model:
    """A whole game model: every round's distributions and the players' preferences."""

    name: str
    description: str
    source: str
    every_round: RoundModel
    rounds: tuple[tuple[int, RoundModel], ...]
    room_floors: tuple[tuple[int, int], ...]  # (floor, weight); floors not listed weigh 1
    staff_kinds: tuple[tuple[str, int], ...]  # (kind, weight); kinds not listed weigh 1
    planning: Planning = NO_PLANNING
    # Declared resources (by id) each player gains every round, clamped to the ruleset's limits; a ruleset's
    # resource not listed gains nothing but what its tiles and Staff give.
    resources: tuple[tuple[str, int], ...] = ()
    descriptions: tuple[tuple[str, str], ...] = ()  # the description in other languages, by language id

    def description_in(self, language: str) -> str:
        """The description in `language` where the model gives one (`translations`), else its own."""
        return dict(self.descriptions).get(language, self.description)

    def resource_gain(self, resource: str) -> int:
        return dict(self.resources).get(resource, 0)

    def fixed(self) -> Model:
        """The same model with nobody planning: the first-order game (`--fixed`)."""
        return replace(self, planning=Planning(fixed=True))

    def round(self, number: int) -> RoundModel:
        for round_number, model in self.rounds:
            if round_number == number:
                return model
        return self.every_round

    def floor_weight(self, floor: int) -> int:
        return dict(self.room_floors).get(floor, 1)

    def kind_weight(self, kind: str) -> int:
        return dict(self.staff_kinds).get(kind, 1)


def default_model_path(workspace: Workspace) -> Path:
    return workspace.default_model_path()


def load_model(workspace: Workspace, path: Path) -> Model:
    """Read, schema-check and check the meaning of a model file; RulesError with positioned problems."""
    return model_of(model_document(workspace, path), workspace.display(path))


def model_document(workspace: Workspace, path: Path) -> Node:
    """A model file's document as read, not yet checked (`gah sweep --vary model.PATH=...` puts values in it)."""
    return load_file(path, workspace.display(path), workspace.sources)


def model_of(node: Node, source: str) -> Model:
    """The model of a document, schema-checked and its meaning checked; RulesError with positioned problems."""
    problems = schema_problems(node, SCHEMA)
    if problems:
        raise RulesError(problems)
    problems = _meaning_problems(node)
    if problems:
        raise RulesError(problems)
    return _build(node, source)


def _meaning_problems(root: Node) -> list[Problem]:
    """What the schema cannot say: each distribution can draw something, and within its limit."""
    problems: list[Problem] = []
    data = root.plain()
    assert isinstance(data, dict)
    blocks: list[tuple[list[str | int], dict[str, object]]] = [(["every_round"], data["every_round"])]
    for number, block in data.get("rounds", {}).items():
        blocks.append((["rounds", number], block))
    for path, block in blocks:
        for name, weights in block.items():
            assert isinstance(weights, dict)
            problems.extend(_distribution_problems(root, [*path, name], weights, LIMITS[name]))
    for name in ("room_floors", "staff_kinds"):
        weights = data.get(name)
        if isinstance(weights, dict) and weights and not any(weights.values()):
            problems.append(problem_at(locate(root, [name]), "errors.model.no_weight", key=name))
    if isinstance(data.get("room_floors"), dict) and "0" in data["room_floors"]:
        problems.append(problem_at(key_position(root, ["room_floors", "0"]), "errors.model.floor_zero"))
    return problems


def _distribution_problems(root: Node, path: list[str | int], weights: dict[str, object], limit: int) -> list[Problem]:
    where = ".".join(str(p) for p in path)
    problems: list[Problem] = []
    if not any(weights.values()):
        problems.append(problem_at(locate(root, path), "errors.model.no_value_weight", key=where))
    for value in weights:
        if int(value) > limit:
            problems.append(
                problem_at(
                    key_position(root, [*path, value]), "errors.model.too_large", key=where, value=value, limit=limit
                )
            )
    return problems


def _distribution(weights: dict[str, int]) -> Distribution:
    return Distribution.of({int(value): weight for value, weight in weights.items()})


def _round(block: dict[str, dict[str, int]], base: RoundModel | None) -> RoundModel:
    parts = {
        name: _distribution(block[name]) if name in block else getattr(base, name)
        for name in FIELDS
        if name in block or base is not None
    }
    return RoundModel(**parts)


def _build(root: Node, source: str) -> Model:
    data = root.plain()
    assert isinstance(data, dict)
    every = _round(data["every_round"], None)
    rounds = tuple(sorted((int(n), _round(block, every)) for n, block in data.get("rounds", {}).items()))
    floors = tuple(sorted((int(f), w) for f, w in data.get("room_floors", {}).items()))
    kinds = tuple((k, data.get("staff_kinds", {})[k]) for k in STAFF_KINDS if k in data.get("staff_kinds", {}))
    return Model(
        name=data["name"],
        description=" ".join(str(data.get("description", "")).split()),
        source=source,
        every_round=every,
        rounds=rounds,
        room_floors=floors,
        staff_kinds=kinds,
        planning=_planning(data.get("planning")),
        resources=tuple(sorted(data.get("resources", {}).items())),
        descriptions=tuple(
            (language, " ".join(str(texts["description"]).split()))
            for language, texts in sorted(data.get("translations", {}).items())
            if "description" in texts
        ),
    )


def _price(data: dict[str, int]) -> Price:
    return Price(points=data.get("points", 0), krones=data.get("krones", 0))


def _planning(data: dict[str, object] | None) -> Planning:
    if not data:
        return NO_PLANNING
    steps = data.get("emperor_steps")
    cafe = data.get("cafe_guests")
    assert isinstance(steps, dict | None) and isinstance(cafe, dict | None)
    share, mistakes, temperature = data["share"], data.get("mistakes", 0), data.get("temperature", 0)
    assert isinstance(share, int) and isinstance(mistakes, int) and isinstance(temperature, int)
    return Planning(
        share=share,
        mistakes=mistakes,
        temperature=temperature,
        step_limit=steps["limit"] if steps else 0,
        step_price=_price(steps["price"]) if steps else Price(),
        cafe=cafe is not None,
        guest_price=_price(cafe["price"]) if cafe else Price(),
    )
