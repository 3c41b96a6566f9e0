"""`python -m gah.lab.native [--remove]`: build (or remove) the lab's compiled hot path.

The command keeps the name the guide (gah docs lab) and CI have always used; the code is gah.lab.engine.native.
"""

import sys

from .engine.native import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
