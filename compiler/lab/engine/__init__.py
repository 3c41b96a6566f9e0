"""The lab's engine: one synthetic game, played under each ruleset with its own scoring module.

model     the game model (rules/lab/*.yaml, schemas/lab-model.schema.json) as frozen distributions
rng       counter-based common random numbers, the same on every machine
game      one synthetic game: planned once, played under each ruleset
planning  planning players: Emperor steps and café guests chosen under the ruleset's own scoring
sharing   which stretches of a game several rulesets play alike (played once)
native    the optional mypyc build of game.py and of the scoring runtime
"""
