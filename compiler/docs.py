"""The format references in docs/, written from the JSON Schemas' descriptions so they stay in step.

`python -m gah.docs` rewrites docs/*-format.md; `python -m gah.docs --check` (and the test
suite) fails when one is stale. The prose around the tables lives here; every key, value and
meaning comes from schemas/. The user guide beside them, docs/guide-TOPIC.md, is written by hand: the check
tells the two apart by name, and refuses a guide file with the generator's header and any other file in docs/.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .frontend.raw import JsonSchema
from .frontend.schemas import derive_variant_schema
from .frontend.validate import load_schema

ROOT = Path(__file__).resolve().parents[1]
COMMAND = "python -m gah.docs"

_TYPE_WORDS = {"integer": "whole number", "string": "text", "boolean": "true or false", "number": "number"}


def _header(title: str, sources: str) -> list[str]:
    return [
        f"<!-- DO NOT EDIT: generated from {sources} by compiler/docs.py. Regenerate with: {COMMAND} -->",
        "",
        f"# {title}",
        "",
    ]


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    return re.sub(r"[^a-z0-9_ -]", "", heading.lower()).replace(" ", "-")


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


@dataclass
class _Writer:
    """Markdown for one schema: a section per object, shared definitions at the end."""

    schema: JsonSchema
    lines: list[str] = field(default_factory=list)
    inline: set[str] = field(init=False)  # definitions shown where they are used
    shared: list[str] = field(init=False)  # definitions that get a section of their own

    def __post_init__(self) -> None:
        text = json.dumps(self.schema)
        uses = Counter(re.findall(r'"#/definitions/([a-z_]+)"', text))
        listed = set(re.findall(r'"items": \{"\$ref": "#/definitions/([a-z_]+)"', text))
        listed |= _alternatives(self.schema)  # one form of a value that has others: a section of its own
        definitions = self.schema.get("definitions", {})
        # An object used once, not as list items, reads best where it is used; the rest are shared.
        self.inline = {
            name for name, count in uses.items() if count == 1 and name not in listed and _is_record(definitions[name])
        }
        # Objects first (they have tables), then the kinds of single values, each alphabetically.
        self.shared = sorted(
            (n for n in uses if n not in self.inline), key=lambda n: (not _is_record(definitions[n]), n)
        )

    @property
    def definitions(self) -> JsonSchema:
        return dict(self.schema.get("definitions", {}))

    def resolve(self, schema: Any) -> Any:
        if isinstance(schema, dict) and isinstance(schema.get("$ref"), str):
            return self.definitions[schema["$ref"].rsplit("/", 1)[-1]]
        return schema

    def description(self, schema: Any) -> str:
        if not isinstance(schema, dict):
            return ""
        return str(schema.get("description") or self.resolve(schema).get("description", ""))

    def value(self, schema: Any, heading: str = "") -> str:
        """The kind of value a schema accepts, in a few words (links to its section where it has one)."""
        if schema is True:
            return "anything"
        if not isinstance(schema, dict):
            return ""
        ref = schema.get("$ref")
        if isinstance(ref, str):
            name = ref.rsplit("/", 1)[-1]
            if name in self.inline:
                return f"mapping, see [below](#{_slug(heading)})" if heading else "mapping"
            return f"[{name}](#{_slug(name)})"
        if _is_record(schema):
            return f"mapping, see [below](#{_slug(heading)})" if heading else "mapping"
        if "const" in schema:
            return f"`{json.dumps(schema['const'])}`"
        if "enum" in schema:
            return "one of " + ", ".join(f"`{v}`" for v in schema["enum"])
        for key in ("oneOf", "anyOf"):
            if key in schema:
                return " or ".join(self.value(alternative) for alternative in schema[key])
        if "allOf" in schema and len(schema["allOf"]) == 1:
            return self.value(schema["allOf"][0], heading)
        kind = schema.get("type")
        if kind == "array":
            words = "list of " + self.value(schema.get("items", True))
            return words + _size(schema, "Items", "entry", "entries")
        if kind == "object" or "additionalProperties" in schema:
            values = schema.get("additionalProperties", True)
            return f"mapping: {self.key_words(schema)} → {self.value(values)}" + _size(
                schema, "Properties", "key", "keys"
            )
        if kind == "null":
            return "`null`"
        if kind == "string" and "title" in schema:
            return str(schema["title"])
        if isinstance(kind, str) and kind in _TYPE_WORDS:
            return _TYPE_WORDS[kind] + _range(schema)
        return ""

    def key_words(self, mapping: JsonSchema) -> str:
        """What the keys of a mapping are, in a word or two (a link for a shared kind of key)."""
        keys = mapping.get("propertyNames", {})
        if "$ref" in keys:
            return self.value(keys)
        return str(keys.get("title", "key"))

    def table(self, schema: JsonSchema, prefix: str) -> list[tuple[str, Any]]:
        """A key table of a record; returns the nested records (key path, schema) that need a section."""
        required = set(schema.get("required", []))
        self.lines += ["| key | value | required | meaning |", "|---|---|---|---|"]
        nested = []
        for key, sub in schema.get("properties", {}).items():
            path = f"{prefix}.{key}" if prefix else key
            target = self.resolve(sub)
            heading = f"`{path}`"
            has_section = _is_record(target) and (target is sub or sub["$ref"].rsplit("/", 1)[-1] in self.inline)
            mapping_of_records = (
                isinstance(target, dict)
                and any(self._entry_has_section(target.get(k)) for k in ("additionalProperties", "items"))
                and (not isinstance(sub, dict) or "$ref" not in sub)
            )
            if has_section or mapping_of_records:
                nested.append((path, target))
            words = self.value(sub, heading) if has_section else self.value(sub)
            if mapping_of_records:
                words += f", see [below](#{_slug(heading)})"
            mark = "yes" if key in required else ""
            self.lines.append(f"| `{key}` | {_cell(words)} | {mark} | {_cell(self.description(sub))} |")
        self.lines.append("")
        for rule in _key_rules(schema):
            self.lines.append(f"- {rule}")
        if _key_rules(schema):
            self.lines.append("")
        return nested

    def _entry_has_section(self, entry: Any) -> bool:
        """Entries of a mapping or list that are objects, shown in the section of their container."""
        if isinstance(entry, dict) and "$ref" in entry:
            return entry["$ref"].rsplit("/", 1)[-1] in self.inline
        return _is_record(entry)

    def section(self, path: str, schema: JsonSchema, level: int) -> None:
        """A heading for `path`, its description, and the table of its keys (or of its entries' keys)."""
        self.lines += [f"{'#' * level} `{path}`", ""]
        text = self.description(schema)
        if text:
            self.lines += [text, ""]
        entry = self.resolve(schema.get("additionalProperties"))
        if not _is_record(schema) and _is_record(entry):
            self.lines += [f"Keyed by {self.key_words(schema)}. Each entry is {_lower(self.description(entry))}", ""]
            schema = entry
        elif self._entry_has_section(schema.get("items")):
            schema = schema["items"]
            self.lines += [f"Each entry is {_lower(self.description(schema))}", ""]
        for sub_path, sub in self.table(schema, path):
            self.section(sub_path, sub, level + 1)

    def definition_sections(self, level: int) -> None:
        for name in self.shared:
            schema = self.definitions[name]
            self.lines += [f"{'#' * level} `{name}`", "", self.description(schema), ""]
            rules = [r for r in schema.get("allOf", []) if isinstance(r, dict) and "if" in r]
            if rules and "properties" in schema:
                self.kinds(schema, rules)
            elif len(schema.get("allOf", [])) == 1 and "$ref" in schema["allOf"][0]:
                base = self.value(schema["allOf"][0])
                needs = ", ".join(f"`{k}`" for k in schema.get("required", []))
                self.lines += [f"The keys of {base}" + (f"; required: {needs}." if needs else "."), ""]
            elif _is_record(schema):
                for sub_path, sub in self.table(schema, name):
                    self.section(sub_path, sub, level + 1)
            elif "patternErrorMessage" in schema:
                self.lines += ["Written as " + _lower(schema["patternErrorMessage"].removeprefix("Expected ")), ""]
            else:
                self.lines += [f"Value: {self.value(schema)}.", ""]

    def kinds(self, schema: JsonSchema, rules: list[JsonSchema]) -> None:
        """An object whose keys depend on its `kind` (the effect vocabulary): one table per kind."""
        described = {key: self.description(sub) for key, sub in schema.get("properties", {}).items()}
        for rule in rules:
            self.lines += [f"- {_condition(rule)}", ""]
            then = rule["then"]
            rows = [(key, sub) for key, sub in then.get("properties", {}).items() if sub is not True]
            if not rows:
                self.lines += ["  no other keys", ""]
                continue
            self.lines += ["  | key | value | meaning |", "  |---|---|---|"]
            for key, sub in rows:
                meaning = self.description(sub) or described.get(key, "")
                self.lines.append(f"  | `{key}` | {_cell(self.value(sub))} | {_cell(meaning)} |")
            self.lines.append("")


def _alternatives(schema: Any) -> set[str]:
    """The definitions a `oneOf` or `anyOf` names as one of its alternatives, anywhere in `schema`."""
    found: set[str] = set()
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key in ("oneOf", "anyOf") and isinstance(value, list):
                refs = [v.get("$ref") for v in value if isinstance(v, dict)]
                found |= {ref.rsplit("/", 1)[-1] for ref in refs if isinstance(ref, str)}
            found |= _alternatives(value)
    elif isinstance(schema, list):
        for value in schema:
            found |= _alternatives(value)
    return found


def _is_record(schema: Any) -> bool:
    """An object with named keys (as opposed to a mapping keyed by ids or numbers)."""
    return isinstance(schema, dict) and (
        "properties" in schema or any(_is_record(s) for s in schema.get("allOf", []) if isinstance(s, dict))
    )


def _lower(text: str) -> str:
    """Text to go mid-sentence: the first letter lower-cased, unless the first word is an acronym."""
    first = text.split(" ", 1)[0]
    return text if len(first) > 1 and first.isupper() else text[:1].lower() + text[1:]


def _range(schema: JsonSchema) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        return f", {low} to {high}"
    if low is not None:
        return f", at least {low}"
    return f", at most {high}" if high is not None else ""


def _size(schema: JsonSchema, word: str, one: str, many: str) -> str:
    low, high = schema.get(f"min{word}"), schema.get(f"max{word}")
    if low and high:
        return f" ({low} to {high} {many})"
    if low:
        return f" (at least {low} {one if low == 1 else many})"
    return f" (at most {high} {many})" if high else ""


def _key_rules(schema: JsonSchema) -> list[str]:
    """The rules about which keys go together, in words."""
    rules = []
    alternatives = schema.get("oneOf", [])
    if alternatives and all(isinstance(a, dict) and "required" in a for a in alternatives):
        options = [" with ".join(f"`{k}`" for k in a["required"]) for a in alternatives]
        rules.append(f"Use either {', or '.join(options)}, not both.")
    for rule in schema.get("allOf", []):
        if not isinstance(rule, dict) or "if" not in rule:
            continue
        then = rule["then"]
        needs = ", ".join(f"`{k}`" for k in then.get("required", []))
        forbidden = ", ".join(f"`{k}`" for k in sorted(_required_keys(then.get("not", {}))))
        words = [f"needs {needs}" if needs else "", f"takes no {forbidden}" if forbidden else ""]
        rules.append(f"With {_condition(rule)}: {'; '.join(w for w in words if w)}.")
    return rules


def _condition(rule: JsonSchema) -> str:
    """The `if` of an if/then rule on one key's value, as `key: a / b`."""
    selector, chosen = next(iter(rule["if"]["properties"].items()))
    names = chosen.get("enum", [chosen.get("const")])
    return f"`{selector}: {' / '.join(map(str, names))}`"


def _required_keys(schema: Any) -> set[str]:
    if isinstance(schema, dict):
        found = set(schema.get("required", []))
        for sub in schema.get("anyOf", []):
            found |= _required_keys(sub)
        return found
    return set()


# --- the documents ---------------------------------------------------------------------------------

_RULES_INTRO = """\
A ruleset is one YAML file. The base game ships with gah (`gah show base` prints it whole, with
its ids; `gah show --path base` names its file); a variant, in your workspace's `rules/` (`gah
new-variant NAME` starts one), names the ruleset it changes and holds only the changes. The first
line of every file names its JSON Schema, so editors with the YAML language server (VS Code's
YAML extension, and others) complete keys and underline mistakes as you type:

```yaml
# yaml-language-server: $schema=../schemas/ruleset.schema.json
```

`gah check` checks a file against the same schema and then against the rules' own logic
(zones cover the track, every scoring has tiles of its tier, groups are connected, ...), with
`file:line:col` messages. Ids (of items, zones, tiles, final-scoring sources) are lower-case
words joined by dashes; game states and results use them, so renaming one is a breaking change.
"""

_VARIANTS = """\
A variant file has `extends` and `name`, optionally `title` and `description`, and any
top-level section of a ruleset, holding only what changes (a JSON Merge Patch):

- a mapping is merged key by key into the parent's: `emperor_scorings: {3: {move_back: 2}}`
  changes one number and keeps everything else;
- `null` (or `~`) removes a key: `tiles: {c-free-staff: null}` takes a tile out; a key with
  nothing after it (`c-free-staff:` alone) is an error, not a removal: write the `null`;
- a list is replaced whole (effects, hotel layout, tie-breakers, notes): write the complete new list.

The merged ruleset must be complete and valid; `gah check` reports a problem in the variant that
caused it. Variants may extend variants. `gah new-variant NAME` writes a commented starter file.
Its schema, `schemas/variant.schema.json`, is derived from the ruleset schema by `gah build`.
"""

_CONDITIONS = """\
An effect of kind `if` takes its `then` effects when its condition holds, else its `otherwise`
effects (absent: nothing). It goes wherever effects go: a tile's bonus, a penalty's `effects`,
`prefer` and `otherwise`, an option of `choose_one`, a Staff card's `once` and `emperor_bonus`.

```yaml
bonus:
  - {kind: advance_emperor, steps: 2}
  - kind: if
    condition: {space: {at_least: 6}}
    then: [{kind: gain_points, amount: 5}]
    otherwise: [{kind: gain_krones, amount: 2}]
```

The sheet says "advance your Emperor marker 2 spaces; if your Emperor marker is on space 6 or
higher: score 5 points; otherwise: gain 2 krones", and `gah score` tells which branch was taken and
why ("Anna meets the condition (space 7 ≥ 6)").

- A condition is one of: a quantity compared with numbers (`{quantity: krones, at_least: 3}`;
  `at_most`; both for a range; or `exactly`), the space the Emperor marker is on
  (`{space: {at_most: 4}}`), the zone it is in (`{zone: bonus}`, `nothing` or `penalty` for every
  zone of that outcome, or a zone id), or conditions combined (`{all: [...]}`, `{any: [...]}`,
  nestable).
- A condition is read when its effect applies, in the order the effects are printed: effects before
  it change what it reads (above: the space after the 2 steps). `space` and `quantity:
  emperor_position` read the same thing: where the marker is then (after this scoring's move back
  and any steps taken since).
- In an all-or-nothing option (a penalty's `prefer`, an option of `choose_one`) the `if` can be taken
  fully when the branch its condition picks can be taken fully; the condition is read, like every
  part's test, against the state before the option. So an `if` must be the option's first part
  (nothing before it may change what it reads), its branches are all-or-nothing too, and no branch
  may take what another part of the option takes. A branch of an `if` in an option of `choose_one`
  holds no `choose_one`.
"""

_STATE_INTRO = """\
A game state is a YAML or JSON file (or, for the generated scoring modules, a Python dict of the
same shape): the round that has just ended and every player's position. `gah score STATE`
applies the Emperor scoring of that round and, after the last round, final scoring and standings;
`gah setup RULESET --players A,B --json` deals a round-0 state. The result of a scoring holds the
state after it, in this same format, so states chain from one scoring to the next.

The first line of a state file may name its schema for editor support:

```yaml
# yaml-language-server: $schema=../schemas/state.schema.json
```
"""

_LAB_INTRO = """\
The variant lab (`gah compare A B`) plays synthetic games: it does not simulate turns, it draws
what each player gains and builds every round from the weights of a game model, and lets each
ruleset score the result. `rules/lab/default.yaml` is the default model; copy it, change the
weights and pass it with `gah compare A B --model FILE`. A distribution `{0: 1, 1: 3, 2: 2}`
draws 0 one time in six, 1 three times in six and 2 two times in six. The players of `planning`
also respond to the ruleset under test, as its own scoring values their choices (`--fixed`: nobody does).
"""


_LANGUAGE_INTRO = """\
Every word gah prints for players (the sheets, the house-rules box, `gah diff`, and the parts of
gah that read more sections of the file) comes from a language file: `rules/languages/ID.yaml`,
one a language. English (`en`) and German (`de`) ship with gah. A workspace adds a language, or
changes some words of a shipped one, by a file of its own in its `rules/languages/`; no code.

```yaml
# yaml-language-server: $schema=../../schemas/language.schema.json
language: fr            # the file's name without .yaml
name: Français          # shown where players choose
extends: en             # start from English: only what this file says changes
terms:
  tiles: {c-points: Points de victoire}
sheet:
  track.heading: La piste de l'Empereur
  effect.gain_krones: gagnez {krones}
  count.krone: {one: "[[krone]]{n} couronne", other: "[[krone]]{n} couronnes"}
```

- A key is a dotted path: `sheet:` then `track.heading:` is the phrase `sheet.track.heading`
  (a section may also nest its keys; both read the same).
- `{name}` is a placeholder gah fills in; put it where the language wants it. A phrase may use
  only the placeholders the English phrase has, and may leave some out. `{{` and `}}` are braces.
- A mapping of `one`, `other` (and `zero`, `two` where the language says those differently) gives
  the forms of a phrase by a count: `one` for 1, `other` for any other number.
- `[[krone]]`, `[[point]]`, `[[item]]`, `[[dish]]`, `[[drink]]`, `[[staff]]` and `[[room]]` draw a
  small icon in HTML and PDF (Markdown leaves it out); it stays on one line with the word after it.
- `terms` holds the game's words and the names of the rules data's entries by id: `items`,
  `zones`, `tiles`, `final` (final-scoring sources) and `staff` (by number).
- A file without `extends` must have every key English has: a missing one is an error that names
  it. With `extends: ID` a file starts from that language (the shipped one when ID is its own:
  `language: de` with `extends: de` overrides some German words).
- `uncertain` lists terms no source confirms (a key path, or the start of one: `terms.staff`)
  and what to call them; the sheets print them in a footnote marked where they show.

Names: a ruleset's own name for an entry in that language comes first (its `translations`, see
`gah docs rules`), then the language's term, unless the ruleset gave the entry a name of its own
in its rules data (a house tile, a renamed card), which is then kept.

Choosing: `language = "de"` in gah.toml, or `--lang de` on `gah sheet`, `gah score`, `gah diff`
and `gah build`. `gah build` writes the sheets in every language known here (`languages = ["en",
"de"]` in gah.toml names fewer): the chosen language's in `generated/sheets/`, each other's in
`generated/sheets/ID/`; every sheet must print on one sheet of paper in each. `gah check` checks the
workspace's language files with `file:line:col` messages.
"""


def _document(schema: JsonSchema, title: str, source: str, intro: str) -> list[str]:
    """Header, introduction, the top-level keys and a section per object, then the definitions."""
    writer = _Writer(schema)
    writer.lines = [*_header(title, source), intro, "## Top-level keys", "", str(schema["description"]), ""]
    for path, sub in writer.table(schema, ""):
        writer.section(path, sub, 2)
    writer.lines += ["## Definitions", "", "The kinds of value the tables above link to.", ""]
    writer.definition_sections(3)
    return writer.lines


def _text(lines: list[str]) -> str:
    return "\n".join(lines).rstrip() + "\n"


_OTHER_PLAYERS = """\
A quantity may read another player: `of` beside a name (`{quantity: krones, of: left}`) or beside
a count's filters (`{count: rooms, state: occupied, of: right}`), and in a condition beside its
quantity (`{quantity: emperor_position, of: leader, at_least: 6}`). `of` is one of:

- `left`, `right`: the left neighbour is the next player in turn order, the right neighbour the
  previous one;
- `leader`: the player with the most points, this player included; of tied leaders, the most of
  the quantity counts;
- `each_other`: the sum over every other player;
- `players_with_more`, `players_with_fewer`: how many other players have more (fewer) of it than
  this player ("3 points per player with more krones than you").

A condition `{most: occupied_rooms, ties: all_tied}` (or `fewest`) holds for the player with the
most (fewest) of a quantity of all players; `ties` is required: `all_tied`, a tie for the most gives
it to every tied player; `none_tied`, to nobody.

```yaml
bonus:
  - kind: if
    condition: {most: occupied_rooms, ties: all_tied}
    then: [{kind: gain_points, amount: 5}]
    otherwise: [{kind: gain_krones, amount: 2}]
```

The sheet says "if no other player has more occupied rooms than you: score 5 points; otherwise:
gain 2 krones".

- When: players resolve an Emperor scoring one after another in turn order, so another player is
  read as the scoring stands when this player resolves: those before it in turn order have taken
  their part (points under the marker, move back, bonus or penalty), those after it not yet.
  `rulings: {read_other_players: before_scoring}` reads every other player as they stood before the
  scoring began instead (so does, during the scoring, the default policy's projection of the final
  total). The player is always read as it stands. Final scoring reads every player as the game
  ended.
- With 2 players, left and right are both the other player. With 1 player there is no other:
  `left`, `right`, `each_other`, `players_with_more` and `players_with_fewer` are 0, the leader
  is the player, and `most` / `fewest` hold.
- Allowed wherever a quantity is: effects of tiles and Staff (`once`, `emperor_bonus`), a game-end
  Staff's or a final-scoring source's `per`; not in a tie-breaker, nor inside `most` / `fewest`
  (`gah check` says so at the line).
"""


def rules_format() -> str:
    lines = _document(load_schema("ruleset"), "The rules-data format", "schemas/ruleset.schema.json", _RULES_INTRO)
    variant = derive_variant_schema()
    top = {k: variant["properties"][k] for k in ("extends", "name", "title", "description")}
    writer = _Writer(variant)
    writer.lines = [*lines, "## Variants", "", _VARIANTS]
    writer.table({"properties": top, "required": variant["required"]}, "")
    writer.lines += ["", "## Conditions", "", _CONDITIONS]
    writer.lines += ["", "## Other players", "", _OTHER_PLAYERS]
    return _text(writer.lines)


def state_format(example: Path) -> str:
    lines = _document(load_schema("state"), "The game-state format", "schemas/state.schema.json", _STATE_INTRO)
    name = example.relative_to(ROOT).as_posix() if example.is_relative_to(ROOT) else example.name
    text = example.read_text(encoding="utf-8").rstrip()
    return _text([*lines, "## Example", "", f"`{name}`:", "", "```yaml", text, "```"])


def lab_model_format() -> str:
    schema = load_schema("lab-model")
    return _text(_document(schema, "The variant-lab game model", "schemas/lab-model.schema.json", _LAB_INTRO))


def language_format() -> str:
    schema = load_schema("language")
    return _text(_document(schema, "The language format", "schemas/language.schema.json", _LANGUAGE_INTRO))


def doc_files(root: Path | None = None) -> dict[Path, str]:
    """Path -> text of every generated document (under the repository, or `root`)."""
    root = root or ROOT
    return {
        root / "docs" / "rules-format.md": rules_format(),
        root / "docs" / "state-format.md": state_format(root / "examples" / "round7.yaml"),
        root / "docs" / "lab-model-format.md": lab_model_format(),
        root / "docs" / "language-format.md": language_format(),
    }


def stale_docs(root: Path | None = None) -> list[Path]:
    """The documents whose file differs from what the schemas say now."""
    return [
        path for path, text in doc_files(root).items() if not path.is_file() or path.read_text(encoding="utf-8") != text
    ]


GUIDE_PATTERN = "guide-*.md"  # the hand-written topics of the user guide (gah docs TOPIC)


def misplaced_docs(root: Path | None = None) -> list[tuple[Path, str]]:
    """Files in docs/ that are neither a generated document nor a hand-written guide topic, each with why."""
    root = root or ROOT
    generated = set(doc_files(root))
    found: list[tuple[Path, str]] = []
    for path in sorted((root / "docs").glob("*")):
        if path in generated or path.is_dir():
            continue
        if not path.match(GUIDE_PATTERN):
            found.append((path, f"neither generated by {COMMAND} nor a guide topic ({GUIDE_PATTERN})"))
        elif path.read_text(encoding="utf-8").startswith("<!-- DO NOT EDIT"):
            found.append((path, "a guide topic is written by hand: it must not carry the generator's header"))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description="Write docs/*.md from the JSON Schemas.")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 naming each stale file")
    args = parser.parse_args(argv)
    if not (ROOT / "pyproject.toml").is_file():
        print(f"{COMMAND} writes the docs of a checkout of the gah repository; none at {ROOT}", file=sys.stderr)
        return 2
    stale = stale_docs(ROOT)
    if args.check:
        for path in stale:
            print(f"stale: {path.relative_to(ROOT).as_posix()} (run: {COMMAND})", file=sys.stderr)
        misplaced = misplaced_docs(ROOT)
        for path, why in misplaced:
            print(f"{path.relative_to(ROOT).as_posix()}: {why}", file=sys.stderr)
        return 1 if stale or misplaced else 0
    for path, text in doc_files(ROOT).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
