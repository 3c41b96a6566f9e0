"""Subcommands of `gah` beyond `check`; importing this package registers them."""

from compiler.commands import (
    build,  # noqa: F401
    compare,  # noqa: F401
    diff,  # noqa: F401
    format_docs,  # noqa: F401
    init,  # noqa: F401
    lab_model,  # noqa: F401
    new_variant,  # noqa: F401
    score,  # noqa: F401
    setup,  # noqa: F401
    sheet,  # noqa: F401
    show,  # noqa: F401
    sweep,  # noqa: F401
    tune,  # noqa: F401
)
