"""`python -m compiler` is `gah`."""

import sys

from .cli import main

sys.exit(main())
