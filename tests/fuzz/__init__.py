"""Our own fuzzer: mutated rules files and game states through every stage of `gah`.

A bounded run is part of the test suite (tests/test_fuzz.py). Before a release, run
the long one from the project folder:

    python -m tests.fuzz --examples 20000

It prints how many cases of each kind it tried and every kind of broken promise found.
"""
