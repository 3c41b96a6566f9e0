"""The variant lab behind `gah compare`: synthetic games drawn from a game model, scored by several rulesets.

model   the game model (rules/lab/*.yaml, schemas/lab-model.schema.json) as frozen distributions
rng     counter-based common random numbers, the same on every machine
game    one synthetic game: planned once, played under each ruleset with its own scoring module
stats   integer tallies that merge exactly, and their summaries
runner  fixed chunks of games, worker processes, merging in chunk order
report  the comparison as JSON-ready data and as a terminal table
html    the self-contained HTML report (inline SVG)
states  recorded game states scored by every ruleset, side by side
"""
