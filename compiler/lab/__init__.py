"""The variant lab behind `gah compare`, `gah sweep` and `gah tune`: synthetic games drawn from a game model,
scored by several rulesets. Three layers, each importing only those below it:

engine/  one game: the model, the random streams, the game, the planning players, the stretches rulesets
         share, and the compiled copy of the hot path
runs/    many games: specs and jobs, the local and Dask runners, the tallies, the designer's measures, the
         named metrics and their 95% intervals, the sweep's grid and tune's search
views/   what a person reads: the report records and their JSON, the text tables, the CSV and the HTML

native.py is the door of `python -m gah.lab.native` (the build of engine/native.py).
"""
