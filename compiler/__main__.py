"""`python -m compiler` is `gah`."""

import sys

from compiler.cli import main

sys.exit(main())
