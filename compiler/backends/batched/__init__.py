"""The batched backend: the IR compiled into arrays that machine-code kernels (numba) read, playing many games
at once for the variant lab.

jit      the typed `kernel` decorator (numba's njit, cached on disk)
state    the games' state as arrays over games and players (GameArrays), and copying a game
tables   a ruleset's IR as arrays the scoring kernels read (refuses, by name, what it cannot batch)
scoring  Emperor scorings with the default policy's decisions, projections, final scoring, tie-breakers

The generated pure-Python modules stay the reference: on the same state the kernels reach the same numbers.
"""
