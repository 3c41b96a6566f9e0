"""Rules put into words, in a language: the text layer every output that speaks shares (the sheets, `gah diff`,
`gah score`'s explanations, the score pad's phrases).

- text: the language's words for a ruleset (Words), rich text (bold, icons) and numbers;
- effects: one sentence-maker per effect kind (Speaker, through dispatch.ByKind);
- phrases: the sentences of zones, tiles, Staff and final-scoring sources.

It sits between the IR and the outputs: it reads ir, languages and dispatch, and nothing that writes files.
"""
