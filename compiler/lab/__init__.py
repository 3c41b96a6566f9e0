"""The variant lab behind `gah compare`, `gah sweep` and `gah tune`: synthetic games drawn from a game model,
scored by several rulesets.

model      the game model (rules/lab/*.yaml, schemas/lab-model.schema.json) as frozen distributions
rng        counter-based common random numbers, the same on every machine
game       one synthetic game: planned once, played under each ruleset with its own scoring module
planning   planning players: Emperor steps and café guests chosen under the ruleset's own scoring
sharing    which stretches of a game several rulesets play alike (played once)
native     the optional mypyc build of game.py and of the scoring runtime
stats      integer tallies that merge exactly, and their summaries
measures   the designer's figures of one game (lead changes, comebacks, margin, ...) and their tallies
intervals  95% intervals of the differences, from the paired games
jobs       a spec, its job (plain data) and the play of one chunk of games, on any engine
runner     fixed chunks of games, worker processes or a Dask cluster (cluster), merging in chunk order
progress   the progress bar of long runs
metrics    the named metrics (the catalogue every output reads): values and paired 95% intervals
report     the comparison as JSON-ready data, CSV and a terminal table (planning_report: what planners did)
textfit    text tables that fit 100 columns: blocks of columns, letters for long names, folded rows
html       the self-contained HTML report (inline SVG)
sweep      grids of variants of one ruleset (sweep_html: their heat maps)
tune       the value of one ruleset path that brings a metric to a target (coarse grid, then bisection)
states     recorded game states scored by every ruleset, side by side
"""
