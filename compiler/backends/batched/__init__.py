"""The batched backend: the IR compiled into arrays that machine-code kernels (numba) read, playing many games
at once for the variant lab.

jit         the typed `kernel` decorator (numba's njit, cached on disk, stale when a called kernel changes)
layout      the flat arrays' fields described by name (Layout), the offsets derived; the op rows' (Ops)
ops         the op rows of an effect program: each opcode and its parameters by name, each in its column
state       the games' state as arrays over games and players (GameArrays), and copying a game
convert     a generated module's Game to and from one game of a batch
tables      a ruleset's IR as arrays the scoring kernels read (refuses, by name, what it cannot batch); the head of
            its data array as a Layout
record      one player's part of a game (with the deck and discard) as one array, what a turn changes; its
            header as a Layout
effects     the effect program on a record, each decision asked through the policy's search (a Layout)
hotel, cards, quantities   the hotel's bit masks, lists of Staff cards, the quantity vocabulary
policy      the default policy's search of a turn: the best projected total, ties to the first
final       projected totals, final totals, tie-breakers and ranks
scoring     the kernels the lab calls: Emperor scorings, one player's part, steps, totals, standings

The generated pure-Python modules stay the reference: on the same state the kernels reach the same numbers.
"""
