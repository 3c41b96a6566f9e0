#!/usr/bin/env bash
# A newcomer's session with only the wheel: build it, install it into a fresh venv outside the
# repository, and in an empty folder make a workspace, write a house rule, check, build, score,
# print its sheet and compare it. Fails on the first command that fails.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# Built from the committed tree, as a newcomer's clone has it: setuptools keeps a build/ folder in the tree it
# builds, and a wheel built in the repository would ship what an earlier build left there (the suite's user files).
mkdir "$scratch/source"
git -C "$repo" archive HEAD | tar -x -C "$scratch/source"
python -m pip wheel --quiet --no-deps --wheel-dir "$scratch/dist" "$scratch/source"
python3 -m venv "$scratch/venv"
"$scratch/venv/bin/pip" install --quiet "$scratch"/dist/*.whl
gah="$scratch/venv/bin/gah"

mkdir "$scratch/home"
cd "$scratch/home"
"$gah" --version
py="$scratch/venv/bin/python"
"$py" -m gah --version                                     # the import name is gah ...
if "$py" -c "import compiler" 2>/dev/null; then echo "the wheel installs a package named compiler"; exit 1; fi
"$py" - <<'PY'                                           # ... and the only top-level package of the wheel
from importlib.metadata import files
tops = {f.parts[0] for f in files("grand-austria-rules") if f.suffix == ".py" and ".dist-info" not in f.parts[0]}
assert tops == {"gah"}, tops
PY
"$gah" check > check-outside.txt            # outside any workspace: the bundled rulesets
grep -q "^ok  base " check-outside.txt
"$gah" docs state | head -3                          # the format documents ship in the wheel
"$gah" docs rules | grep -q "^# The rules-data format"
"$gah" show base > base-whole.yaml && head -3 base-whole.yaml   # a bundled ruleset, ids and all
grep -q "^  a-krones:" base-whole.yaml
"$gah" check base-whole.yaml | grep -q "^ok  base "         # the shown file is a ruleset itself
"$gah" init my-table
cd my-table
"$gah" new-variant ci-stakes
cat >> rules/ci-stakes.yaml <<'YAML'
emperor_track:
  spaces: {13: 10}
emperor_scorings:
  7: {move_back: 5}
YAML
"$gah" check
"$gah" build
test -f generated/scoring/ci_stakes.py
test -f generated/sheets/ci-stakes.pdf
test -f generated/pads/ci-stakes.html
test -f generated/sheets/de/ci-stakes.pdf                  # the shipped languages come with the wheel
"$gah" sheet ci-stakes --lang de --format md -o ci-stakes-de.md && grep -q "^## Die Kaiserleiste" ci-stakes-de.md
"$gah" docs language | grep -q "^# The language format"
"$gah" build --check
"$gah" score examples/round7.yaml --rules ci-stakes | tail -4
"$gah" sheet ci-stakes --format pdf -o ci-stakes.pdf
head -c 5 ci-stakes.pdf | grep -q '%PDF'
"$gah" diff base ci-stakes
"$gah" compare base ci-stakes --games 200 --workers 1 > compare.txt && head -8 compare.txt
grep -q "of players plan" compare.txt                    # planning players, by default
grep -q "95% interval from the paired games" compare.txt
"$gah" compare base ci-stakes --games 200 --workers 1 --fixed > fixed.txt
head -1 fixed.txt | grep -q "players plan" && { echo "--fixed still plans"; exit 1; }
"$gah" sweep ci-stakes --vary emperor_scorings.7.move_back=4..6 --games 100 --workers 1 --csv | head -4
"$gah" setup draft --players Anna,Ben --seed 7 > setup.txt && head -3 setup.txt
"$gah" show ci-stakes | grep "ci-stakes.yaml:"                # the house rule's values, with their lines
"$gah" lab-model                                            # a copy of the lab's model, named in gah.toml
grep -q '^lab_model = "rules/lab/default.yaml"' gah.toml
"$gah" compare base ci-stakes --games 50 --workers 1 > compare-copy.txt
head -1 compare-copy.txt | grep -q "model default (rules/lab/default.yaml)"   # compare plays the copy
mkdir notes && (cd notes && "$gah" score ../examples/round7.yaml | tail -1)    # from a subfolder
(cd "$scratch" && "$gah" score "$scratch/home/my-table/examples/round7.yaml" | tail -1)   # outside, absolute
# The generated module works on its own, with the standard library only.
python3 -I -S -c "import sys; sys.path.insert(0, 'generated/scoring'); import ci_stakes; print('module ok')"
echo "newcomer session: ok"
