"""Rules compiler for the Emperor track and final scoring of Grand Austria Hotel."""

__version__ = "0.1.0"
