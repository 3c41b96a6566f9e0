"""Subcommands of `gah` beyond `check`; importing this package registers them."""

from . import new_variant  # noqa: F401
