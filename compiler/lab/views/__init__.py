"""The lab's views: the reports of compare, sweep and tune as a person or a program reads them.

records     the typed report records the views render, and their JSON
compare     the comparison report built from the runs' tallies
rows        the comparison's rows: one catalogue the table, the CSV and the HTML render
report      the comparison as a terminal table and as CSV
textfit     text tables that fit 100 columns: blocks of columns, letters for long names, folded rows
html        the self-contained HTML report of `gah compare --html` (inline SVG)
sweep       the sweep's report, filters, table and CSV (sweep_html: its heat maps)
tune        the search's steps and answer as text and JSON
states      the table of recorded states scored side by side
"""
