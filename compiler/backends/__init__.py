"""Backends: everything that turns the IR into generated output."""
