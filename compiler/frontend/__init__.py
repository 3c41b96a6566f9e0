"""Front end: rules files to a checked, merged document, lowered to the IR."""
