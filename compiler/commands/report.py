"""`gah report RUN.json`: a saved lab run (`gah compare --json`, `gah sweep --json`) printed again as a table, CSV
or HTML, byte for byte what the run printed, with no game played again (gah.lab.views.saved)."""

from __future__ import annotations

import argparse
import json
import sys

from ..frontend.rulesets import Workspace
from ..lab.runs.voice import say, use
from ..lab.views.html import html_report
from ..lab.views.records import CompareReport
from ..lab.views.report import report_csv, text_report
from ..lab.views.saved import NotARun, saved_report
from ..lab.views.sweep import sweep_csv, sweep_text
from ..lab.views.sweep_html import sweep_html
from ..targets import output_problem
from ..writer import write_atomically
from .common import speaker
from .registry import command


def _reason(error: Exception) -> str:
    """Why a run file cannot be read, in the lab's language (the system's own words for other OS errors)."""
    if isinstance(error, FileNotFoundError):
        return say("report_no_file")
    if isinstance(error, UnicodeDecodeError):
        return say("report_not_unicode")
    if isinstance(error, json.JSONDecodeError):
        return say("report_not_json", line=error.lineno, column=error.colno)
    if isinstance(error, OSError):
        return str(error.strerror or error)
    return str(error)


@command("report")
def run_report(args: argparse.Namespace, workspace: Workspace) -> int:
    use(speaker(workspace))
    try:
        data = json.loads(args.run.read_text(encoding="utf-8"))
        report = saved_report(data)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, NotARun) as error:
        print(say("report_unreadable", file=str(args.run), reason=_reason(error)), file=sys.stderr)
        return 2
    if args.html is not None:
        problem = output_problem("--html", args.html)
        if problem is not None:
            print(f"gah report: {problem.tell(speaker(workspace))}", file=sys.stderr)
            return 2
    if isinstance(report, CompareReport):
        sys.stdout.write(report_csv(report) if args.csv else text_report(report, everything=args.all))
        page = html_report(report) if args.html is not None else ""
    else:
        sys.stdout.write(sweep_csv(report) if args.csv else sweep_text(report, everything=args.all))
        page = sweep_html(report, [], everything=args.all) if args.html is not None else ""
    if args.html is not None:
        write_atomically(args.html, page.encode("utf-8"))
    if args.html is not None and not args.csv:
        print("\n" + say("html_written", file=str(args.html)))
    return 0
