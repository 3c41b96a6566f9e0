"""Languages as data: every word gah prints for players, read from rules/languages/<id>.yaml.

A language file has `language` (its id), `name`, and sections of phrases: `terms` (the game's words
and the names of tiles, items, Staff, zones and final-scoring sources by id), `sheet` (the player aids),
`diff` (differences between rulesets), and whatever later sections other parts of gah read. A phrase
is text with named placeholders (`{count}`, `{item}`: the word order is the language's) or, for words
that change with a number, a mapping of plural forms (`{one: ..., other: ...}`) chosen by a count.
Keys are dotted paths: `say("sheet.track.heading")` reads `sheet:` then `track.heading:` (a section
may nest its keys or write them dotted; both read the same).

English (`en`) is the reference: a language file without `extends` must have every key English has,
and may use only the placeholders English uses. `extends: ID` starts from another language and
changes what the file says (a JSON Merge Patch): a workspace's rules/languages/de.yaml with
`extends: de` overrides some German terms; a file `fr.yaml` with `extends: en` is a French that
falls back to English where it says nothing. `uncertain` maps key paths (or their prefixes) to a
note: a term the sources do not confirm; the sheets footnote it.
"""

from __future__ import annotations

import dataclasses
import re
import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from . import ir
from .errors import GahError, Position, Problem, RulesError
from .frontend.loader import Node, load_file
from .frontend.merge import merge_patch
from .frontend.validate import schema_problems
from .said import error_of, problem_at, said
from .workspace import Workspace, bundle_root

SCHEMA = "language"
FOLDER = Path("rules") / "languages"
REFERENCE = "en"  # the language every other one is checked against
DEFAULT = "en"
PLURAL_FORMS = ("zero", "one", "two", "other")
ICONS = ("krone", "point", "item", "dish", "drink", "staff", "room")
NAMED_KINDS = ("items", "zones", "tiles", "staff", "final")  # terms by the rules data's ids
MAX_EXTENDS = 8
MISSING_SHOWN = 5  # missing phrases named a section; the rest are counted
_FORMATTER = string.Formatter()
_ICON = re.compile(r"\[\[([a-z_]*)\]\]")


class LanguageError(GahError):
    """A phrase or term gah needs is missing from a language, or cannot be filled in."""


@dataclass(frozen=True)
class Phrase:
    """One phrase: a text, or plural forms by name (`one`, `other`, ...)."""

    forms: tuple[tuple[str, str], ...]
    position: Position

    @property
    def is_plural(self) -> bool:
        return self.forms[0][0] != ""

    def text(self, count: int | None) -> str:
        """The text for `count`: `zero` for 0 and `two` for 2 when given, `one` for 1 (or -1), else `other`."""
        forms = dict(self.forms)
        if not self.is_plural:
            return forms[""]
        if count is not None:
            size = abs(count)
            for form, wanted in (("zero", 0), ("one", 1), ("two", 2)):
                if size == wanted and form in forms:
                    return forms[form]
        return forms["other"]

    def texts(self) -> Iterator[str]:
        return (text for _form, text in self.forms)


@dataclass(frozen=True)
class Language:
    """A language: its phrases by dotted key path, and the notes on terms the sources do not confirm."""

    id: str
    name: str
    file: str  # the file as messages name it
    phrases: Mapping[str, Phrase] = field(repr=False)
    uncertain: Mapping[str, str] = field(default_factory=dict, repr=False)
    stock_names: Mapping[str, str] = field(default_factory=dict, repr=False)  # English's names by "kind.id"

    def has(self, key: str) -> bool:
        return key in self.phrases

    def phrase(self, key: str, count: int | None = None) -> str:
        """The pattern of `key` (placeholders unfilled, [[icon]] marks kept), its plural form chosen by `count`."""
        found = self.phrases.get(key)
        if found is None:
            raise error_of(LanguageError, "errors.language.no_phrase", file=self.file, key=key, language=self.id)
        return found.text(count)

    def say(self, key: str, count: int | None = None, /, **values: str | int) -> str:
        """The phrase `key` filled in as plain text (icons left out); `count` picks the plural form and is `{count}`."""
        if count is not None:
            values.setdefault("count", count)
        pattern = _ICON.sub("", self.phrase(key, count))
        return fill(pattern, values, f"{self.file}: phrase '{key}'")

    def term(self, kind: str, id: str, count: int = 1) -> str:
        """The term `terms.KIND.ID` (an item, tile, Staff card by number, zone, ...), plural form by `count`."""
        return self.say(f"terms.{kind}.{id}", count)

    def name_of(self, kind: str, id: str, own: str, own_names: Mapping[str, str] | None = None) -> str:
        """What a player reads for an entry of the rules data named `own` there.

        The ruleset's name in this language first (`names: {de: ...}`); then this language's term, unless the
        ruleset gave the entry a name of its own (one that differs from English's name for that id); else `own`.
        """
        if own_names and self.id in own_names:
            return own_names[self.id]
        key = f"terms.{kind}.{id}"
        stock = self.stock_names.get(f"{kind}.{id}")
        if key in self.phrases and (stock is None or stock == own):
            return self.phrases[key].text(1)
        return own

    def plural_of(self, kind: str, id: str, own: str, own_plural: str) -> str:
        """What a player reads for an entry of the rules data after a count other than 1: as name_of, with
        the term's plural form (a term without forms is said alike for every count), else `own_plural`. In
        English, the language of the rules data, the data's own plural."""
        key = f"terms.{kind}.{id}"
        if self.id == REFERENCE:
            return own_plural
        stock = self.stock_names.get(f"{kind}.{id}")
        if key in self.phrases and (stock is None or stock == own):
            return self.phrases[key].text(2)
        return own_plural

    def uncertain_note(self, key: str) -> str:
        """The note on `key` (or on the nearest of its prefixes) when the term is not confirmed; else ''."""
        parts = key.split(".")
        for end in range(len(parts), 0, -1):
            note = self.uncertain.get(".".join(parts[:end]))
            if note is not None:
                return note
        return ""


def fill(pattern: str, values: Mapping[str, object], where: str) -> str:
    """`pattern` with each `{name}` replaced by its value (`{{` and `}}` are braces)."""
    out: list[str] = []
    for literal, name, spec, _conversion in _FORMATTER.parse(pattern):
        out.append(literal)
        if name is None:
            continue
        if name not in values:
            raise error_of(LanguageError, "errors.language.no_value", where=where, name=f"{{{name}}}")
        out.append(format(values[name], spec or ""))
    return "".join(out)


def placeholders(pattern: str) -> set[str]:
    """The names of a pattern's placeholders; ValueError for unbalanced braces."""
    return {name for _literal, name, _spec, _conversion in _FORMATTER.parse(pattern) if name is not None}


# --- files ---------------------------------------------------------------------------------


def _shipped_folder() -> Path:
    return bundle_root() / FOLDER


def _own_folder(workspace: Workspace) -> Path | None:
    if workspace.root is None or workspace.is_bundle:
        return None
    return workspace.root / FOLDER


def language_ids(workspace: Workspace) -> tuple[str, ...]:
    """The languages gah can speak here: the shipped ones and the workspace's own (rules/languages/*.yaml)."""
    ids = {path.stem for path in _shipped_folder().glob("*.yaml")}
    own = _own_folder(workspace)
    if own is not None:
        ids.update(path.stem for path in own.glob("*.yaml"))
    return tuple(sorted(ids))


def own_language_ids(workspace: Workspace) -> tuple[str, ...]:
    """The languages of the workspace's own files (rules/languages/*.yaml): new ones and overrides."""
    own = _own_folder(workspace)
    return tuple(sorted(path.stem for path in own.glob("*.yaml"))) if own is not None else ()


def shipped_ids() -> tuple[str, ...]:
    """The languages that ship with gah."""
    return tuple(sorted(path.stem for path in _shipped_folder().glob("*.yaml")))


def _path_of(workspace: Workspace, language_id: str, below: str | None = None) -> Path | None:
    """The file of `language_id`: the workspace's own, else the shipped one. `below`: the id of the file
    that extends it; a file extending its own id reads the shipped file."""
    own = _own_folder(workspace)
    if own is not None and language_id != below and (own / f"{language_id}.yaml").is_file():
        return own / f"{language_id}.yaml"
    shipped = _shipped_folder() / f"{language_id}.yaml"
    return shipped if shipped.is_file() else None


def _read(workspace: Workspace, path: Path) -> Node:
    node = load_file(path, workspace.display(path), workspace.sources)
    problems = schema_problems(node, SCHEMA)
    if problems:
        raise RulesError(problems)
    assert isinstance(node.value, dict)
    declared = node.value["language"]
    if declared.value != path.stem:
        said_id = str(declared.value)
        raise RulesError([problem_at(declared.position, "errors.language.misnamed", id=said_id, file=path.name)])
    return node


def _chain(workspace: Workspace, language_id: str, where: Position | None) -> list[tuple[Path, Node]]:
    """The files of a language, the one it extends first."""
    chain: list[tuple[Path, Node]] = []
    below: str | None = None
    current = language_id
    while True:
        path = _path_of(workspace, current, below)
        if path is None:
            known = ", ".join(language_ids(workspace))
            if where is None:
                raise error_of(LanguageError, "errors.language.unknown", id=current, known=known)
            raise RulesError([problem_at(where, "errors.language.unknown", id=current, known=known)])
        if any(path == seen for seen, _node in chain) or len(chain) >= MAX_EXTENDS:
            assert where is not None  # a loop needs at least one file read, whose `extends:` set it
            raise RulesError([problem_at(where, "errors.language.loop")])
        node = _read(workspace, path)
        chain.insert(0, (path, node))
        assert isinstance(node.value, dict)
        extends = node.value.get("extends")
        if extends is None:
            return chain
        below, current = current, str(extends.value)
        where = extends.position


def _flatten(node: Node, prefix: str, out: dict[str, Phrase]) -> None:
    """Every phrase under `node` by its dotted key path (iteratively: files may nest deeply)."""
    stack = [(node, prefix)]
    while stack:
        current, path = stack.pop()
        assert isinstance(current.value, dict)
        for key, child in current.value.items():
            full = f"{path}.{key}" if path else key
            if isinstance(child.value, str):
                out[full] = Phrase((("", child.value),), child.position)
            elif isinstance(child.value, dict) and _is_plural(child):
                forms = tuple((form, str(child.value[form].value)) for form in PLURAL_FORMS if form in child.value)
                out[full] = Phrase(forms, child.position)
            elif isinstance(child.value, dict):
                stack.append((child, full))


def _is_plural(node: Node) -> bool:
    assert isinstance(node.value, dict)
    keys = set(node.value)
    return "other" in keys and keys <= set(PLURAL_FORMS) and all(isinstance(v.value, str) for v in node.value.values())


_HEADER_KEYS = ("language", "name", "extends", "uncertain")


def _phrases(document: Node) -> dict[str, Phrase]:
    assert isinstance(document.value, dict)
    sections = Node({k: v for k, v in document.value.items() if k not in _HEADER_KEYS}, document.position)
    out: dict[str, Phrase] = {}
    _flatten(sections, "", out)
    return dict(sorted(out.items()))


def _problems(
    language_id: str, phrases: Mapping[str, Phrase], reference: Mapping[str, Phrase], where: Node
) -> list[Problem]:
    """What a language lacks or gets wrong against English: missing keys, unknown placeholders or icons."""
    problems: list[Problem] = []
    by_section: dict[str, list[str]] = {}
    for key in reference:
        if key not in phrases:
            by_section.setdefault(key.split(".", 1)[0], []).append(key)
    for section, missing in by_section.items():  # a few a section, so that a new file is not drowned
        position = _section_position(where, section)
        for key in missing[:MISSING_SHOWN]:
            english = next(reference[key].texts())
            problems.append(problem_at(position, "errors.language.missing", key=key, english=repr(english)))
        if len(missing) > MISSING_SHOWN:
            more = len(missing) - MISSING_SHOWN
            problems.append(problem_at(position, "errors.language.more_missing", more, section=section))
    for key, phrase in phrases.items():
        problems.extend(_phrase_problems(key, phrase, _allowed(reference.get(key))))
    return problems


def _allowed(wanted: Phrase | None) -> set[str] | None:
    """The placeholders the reference's phrase has (None: no such phrase, or one that cannot be read)."""
    if wanted is None:
        return None
    try:
        return set().union(*(placeholders(t) for t in wanted.texts()))
    except ValueError:
        return None


def _phrase_problems(key: str, phrase: Phrase, allowed: set[str] | None) -> list[Problem]:
    problems: list[Problem] = []
    for text in phrase.texts():
        try:
            names = placeholders(text)
        except ValueError:
            problems.append(problem_at(phrase.position, "errors.language.brace", key=key))
            continue
        for name, shown in _formatted(text):
            problems.append(
                problem_at(phrase.position, "errors.language.format_spec", key=key, shown=shown, name=f"{{{name}}}")
            )
        if allowed is not None and not key.startswith("terms."):
            for name in sorted(names - allowed):
                known = ", ".join(f"{{{n}}}" for n in sorted(allowed)) or said("errors.lower.none")
                problems.append(
                    problem_at(phrase.position, "errors.language.placeholder", key=key, name=f"{{{name}}}", known=known)
                )
        for icon in _ICON.findall(text):
            if icon not in ICONS:
                problems.append(
                    problem_at(phrase.position, "errors.language.icon", key=key, icon=icon, icons=", ".join(ICONS))
                )
    return problems


def _formatted(pattern: str) -> list[tuple[str, str]]:
    """The placeholders of a (well-formed) pattern written with a format spec or conversion, as written."""
    found = []
    for _literal, name, spec, conversion in _FORMATTER.parse(pattern):
        if name is not None and (spec or conversion):
            found.append(
                (name, "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
            )
    return found


def _section_position(document: Node, key: str) -> Position:
    """Where a missing key belongs: its section's key in the file, else the file's `language:` key."""
    assert isinstance(document.value, dict)
    section = key.split(".", 1)[0]
    return document.key_positions.get(section) or document.key_positions.get("language", document.position)


def _stock_names(reference: Mapping[str, Phrase]) -> dict[str, str]:
    prefixes = tuple(f"terms.{kind}." for kind in NAMED_KINDS)
    return {key.removeprefix("terms."): phrase.text(1) for key, phrase in reference.items() if key.startswith(prefixes)}


def _state(workspace: Workspace) -> tuple[tuple[str, int, int], ...]:
    """What the loaded languages depend on: every language file's path, time and size."""
    folders = [_shipped_folder(), _own_folder(workspace)]
    found = []
    for folder in folders:
        if folder is None:
            continue
        for path in sorted(folder.glob("*.yaml")):
            stat = path.stat()
            found.append((str(path.resolve()), stat.st_mtime_ns, stat.st_size))
    return tuple(found)


_LOADED: dict[tuple[object, ...], Language] = {}


def load_language(workspace: Workspace, language_id: str, where: Position | None = None) -> Language:
    """The language `language_id` (the workspace's own file, else the shipped one), checked against English.

    RulesError with positioned problems for a bad file; LanguageError (or, with `where`, a RulesError
    at `where`) for an unknown id.
    """
    key = (_state(workspace), language_id)
    if key in _LOADED:
        return _LOADED[key]
    chain = _chain(workspace, language_id, where)
    merged: Node | None = None
    for _path, node in chain:
        merged = merge_patch(merged, node)
    assert merged is not None and isinstance(merged.value, dict)
    phrases = _phrases(merged)
    is_shipped_english = len(chain) == 1 and chain[0][0] == _shipped_folder() / f"{REFERENCE}.yaml"
    # Every other file, a workspace's own en.yaml too, is checked against the shipped English before any of its
    # phrases is used: its braces, placeholders and missing keys are then problems at their lines.
    reference = phrases if is_shipped_english else _reference(workspace)
    problems = _problems(language_id, phrases, reference, chain[-1][1])
    if problems:
        raise RulesError(problems)
    uncertain = merged.value.get("uncertain")
    notes = (
        {k: str(v.value) for k, v in uncertain.value.items()} if uncertain and isinstance(uncertain.value, dict) else {}
    )
    language = Language(
        id=language_id,
        name=str(merged.value["name"].value),
        file=workspace.display(chain[-1][0]),
        phrases=phrases,
        uncertain=notes,
        stock_names=_stock_names(reference),
    )
    if len(_LOADED) > 64:  # files changed many times in one process (tests): start afresh
        _LOADED.clear()
    _LOADED[key] = language
    return language


def _reference(workspace: Workspace) -> dict[str, Phrase]:
    """English as shipped: the keys every language must have."""
    path = _shipped_folder() / f"{REFERENCE}.yaml"
    return _phrases(_read(workspace, path))


def choose_language(workspace: Workspace, requested: str | None = None) -> Language:
    """The language a command speaks: `requested` (--lang), else gah.toml's `language`, else English.

    An unknown id from gah.toml is a problem at its line there; from --lang, a LanguageError.
    """
    if requested:
        return load_language(workspace, requested)
    if workspace.config.language:
        return load_language(workspace, workspace.config.language, workspace.setting_position("language"))
    return load_language(workspace, DEFAULT)


def build_languages(workspace: Workspace, requested: str | None = None) -> tuple[Language, ...]:
    """The languages `gah build` writes sheets in: the chosen one first (choose_language), then the others of
    gah.toml's `languages` (default: every language known here), by id."""
    main = choose_language(workspace, requested)
    where = workspace.setting_position("languages") if workspace.config.languages else None
    return (main, *(load_language(workspace, i, where) for i in sheet_language_ids(workspace, main.id)[1:]))


def sheet_language_ids(workspace: Workspace, main: str) -> tuple[str, ...]:
    """The ids of the languages `gah build` makes sheets in, with `main` (its chosen one) first: then gah.toml's
    `languages` (default: every language known here), by id. `gah check` measures the sheets in the same ones."""
    others = workspace.config.languages or language_ids(workspace)
    return (main, *(i for i in sorted(set(others)) if i != main))


def english() -> Language:
    """The shipped English, outside any workspace (the default wherever no language is chosen)."""
    return load_language(Workspace(None), REFERENCE)


@dataclass(frozen=True)
class _Translated:
    """A ruleset's own translations into one language (`translations` in its rules data), by key."""

    language: Language
    names: dict[str, str]
    uncertain: dict[str, str]
    descriptions: dict[str, str]
    notes: dict[str, str]

    def name(self, kind: str, id: str, current: str) -> str:
        return self.names.get(f"{kind}.{id}") or self.language.name_of(kind, id, current)

    def plural(self, item: ir.Item) -> str:
        return (
            self.names.get(f"item_plurals.{item.id}")
            or self.names.get(f"items.{item.id}")
            or self.language.plural_of("items", item.id, item.name, item.plural or item.name)
        )


def _translated(ruleset: ir.Ruleset, language: Language) -> _Translated:
    own = dict(ruleset.translations).get(language.id, ir.Translation())
    return _Translated(language, dict(own.names), dict(own.uncertain), dict(own.tile_descriptions), dict(own.notes))


def _localised_hotel(hotel: ir.Hotel, texts: _Translated) -> ir.Hotel:
    return dataclasses.replace(
        hotel,
        uncertain=texts.uncertain.get("hotel", hotel.uncertain),
        printed_points_uncertain=texts.uncertain.get("printed_points", hotel.printed_points_uncertain),
    )


def _localised_setup(setup: ir.Setup, texts: _Translated) -> ir.Setup:
    start = setup.start
    return dataclasses.replace(
        setup, start=dataclasses.replace(start, uncertain=texts.uncertain.get("start", start.uncertain))
    )


def localised(ruleset: ir.Ruleset, language: Language) -> ir.Ruleset:
    """`ruleset` with the texts players read in `language`: the names of its items, zones, tiles, Staff and
    final-scoring sources (the ruleset's `translations` first, then Language.name_of), and its title,
    description, tile descriptions, rulings' notes and uncertain notes where its `translations` give them."""
    own = dict(ruleset.translations).get(language.id, ir.Translation())
    texts = _translated(ruleset, language)
    name, uncertain = texts.name, texts.uncertain
    tiles = tuple(
        dataclasses.replace(
            t,
            name=name("tiles", t.id, t.name),
            description=texts.descriptions.get(t.id, t.description),
            uncertain=uncertain.get(f"tiles.{t.id}", t.uncertain),
        )
        for t in ruleset.tiles
    )
    zones = tuple(dataclasses.replace(z, name=name("zones", z.id, z.name)) for z in ruleset.track.zones)
    roles = tuple(dataclasses.replace(r, uncertain=uncertain.get(f"roles.{r.id}", r.uncertain)) for r in ruleset.roles)
    return dataclasses.replace(
        ruleset,
        roles=roles,
        title=own.title or ruleset.title,
        description=own.description or ruleset.description,
        items=tuple(
            dataclasses.replace(i, name=name("items", i.id, i.name), plural=texts.plural(i)) for i in ruleset.items
        ),
        track=dataclasses.replace(ruleset.track, zones=zones),
        tiles=tiles,
        hotel=_localised_hotel(ruleset.hotel, texts),
        staff=tuple(dataclasses.replace(c, name=name("staff", str(c.number), c.name)) for c in ruleset.staff),
        final_scoring=tuple(
            dataclasses.replace(
                f, name=_resource_source_name(ruleset, language.id, f.id) or name("final", f.id, f.name)
            )
            for f in ruleset.final_scoring
        ),
        rulings=dataclasses.replace(ruleset.rulings, notes=tuple(texts.notes.get(n, n) for n in ruleset.rulings.notes)),
        setup=_localised_setup(ruleset.setup, texts),
    )


def _resource_source_name(ruleset: ir.Ruleset, language: str, source_id: str) -> str:
    """The name of a declared resource's end-scoring source (its id is the resource's) in `language`: the
    resource's own plural name there, capitalised; "" for any other source."""
    for resource in ruleset.resources:
        if resource.id == source_id:
            named = resource.named(language, 2)
            return named[:1].upper() + named[1:]
    return ""
