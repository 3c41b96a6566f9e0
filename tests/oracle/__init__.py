"""An independent oracle: a scorer written by hand from the rules, sharing no code with compiler/."""
