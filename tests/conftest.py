"""Test session set-up: the bundled rulesets are a scratch copy of the shipped ones only.

Set before any test runs (and inherited by the subprocesses tests start), so that a file a
user adds to this repository's rules/ changes nothing the suite sees.
"""

from __future__ import annotations

import os

from helpers_rules import shipped_root

from compiler.workspace import BUNDLE_VARIABLE

os.environ[BUNDLE_VARIABLE] = str(shipped_root())
