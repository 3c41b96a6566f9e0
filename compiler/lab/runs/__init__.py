"""The lab's runs: many games under several rulesets, counted exactly and summed up as metrics.

jobs       a spec, its job (plain data) and the play of one chunk of games, on any engine
runner     chunks on this process or local worker processes (cluster: on Dask), merged in chunk order
tallies    integer tallies that merge exactly, and their summaries
measures   the designer's figures of one game (lead changes, comebacks, decisiveness, drama, margin, ...) and
           their tallies
intervals  95% intervals of the differences, from the paired games
metrics    the named metrics: their catalogue, values and paired 95% intervals
grid       the points of `gah sweep` (and the values `gah tune` tries): one ruleset's data varied; the sweep's
           run axes (player counts, the model's values)
search     `gah tune`'s search for the value that brings a metric to a target
states     recorded game states scored by every ruleset (`gah compare --states`)
progress   the progress bar of long runs
"""
