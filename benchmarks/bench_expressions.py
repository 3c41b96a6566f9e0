"""Benchmark: nanoseconds per expression worked out by the batched kernels (expressions.value_of: a walk of the
node table, recursive), on the records of real lab games, for each expression of the effect-samples ruleset;
beside it the quantity reads the expression holds read directly (the least any representation pays), and,
for expressions without an aggregate, a postfix program run on a value stack (the other representation the
issue named: it needs a stack the kernels would have to pass down to every condition and feasibility test).

Run: PYTHONPATH=. .venv/bin/python benchmarks/bench_expressions.py [--games 4] [--repeat 2000]
Prints figures only (CPU time of this process, best of 5 runs); asserts that the three agree on every value.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from effect_samples import SAMPLES  # noqa: E402  (the change samples: every operator, player set and tie rule)
from gah import ir  # noqa: E402
from gah.backends.batched import ops  # noqa: E402
from gah.backends.batched.convert import arrays_of  # noqa: E402
from gah.backends.batched.expressions import arith, value_of  # noqa: E402
from gah.backends.batched.jit import kernel  # noqa: E402
from gah.backends.batched.quantities import gather_others, quantity  # noqa: E402
from gah.backends.batched.record import load_record, new_record  # noqa: E402
from gah.backends.batched.state import Ints  # noqa: E402
from gah.backends.batched.tables import (  # noqa: E402
    E_CLAMP,
    E_LEAST_OVER,
    E_MOST_OVER,
    E_NUMBER,
    E_RANK,
    E_READ,
    E_TOTAL_OVER,
    ENODE,
    ScoringTables,
    compile_tables,
    table,
)
from gah.project import load_one  # noqa: E402
from helpers_rules import shipped_workspace  # noqa: E402
from test_batched_scoring import lab_states  # noqa: E402  (the tests' recorder of lab games)


@kernel
def by_nodes(t: ScoringTables, recs: Ints, root: int, repeat: int) -> int:
    total = 0
    for _ in range(repeat):
        for i in range(recs.shape[0]):
            total += value_of(t, recs[i], root)
    return total


@kernel
def by_reads(t: ScoringTables, recs: Ints, codes: Ints, repeat: int) -> int:
    total = 0
    for _ in range(repeat):
        for i in range(recs.shape[0]):
            for code in codes:
                total += quantity(t, recs[i], code)
    return total


@kernel
def by_postfix(t: ScoringTables, recs: Ints, program: Ints, repeat: int) -> int:
    """Postfix (code, a, b) triples: number a; read quantity a; clamp a..b; else two values off the stack."""
    stack = np.empty(64, np.int64)
    total = 0
    for _ in range(repeat):
        for i in range(recs.shape[0]):
            top = 0
            for pc in range(0, len(program), 3):
                code, a, b = program[pc], program[pc + 1], program[pc + 2]
                if code == E_NUMBER:
                    stack[top] = a
                    top += 1
                elif code == E_READ:
                    stack[top] = quantity(t, recs[i], a)
                    top += 1
                elif code == E_CLAMP:
                    v = stack[top - 1]
                    stack[top - 1] = a if v < a else b if v > b else v
                else:
                    top -= 1
                    stack[top - 1] = arith(code, stack[top - 1], stack[top])
            total += stack[0]
    return total


def postfix(nodes: Ints, node: int) -> list[int]:
    """A node (of the expr table) and those inside it as postfix triples; [] if it holds an aggregate."""
    code, a, b, c = (int(x) for x in nodes[node])
    if code in (E_NUMBER, E_READ):
        return [code, a, 0]
    if code == E_CLAMP:
        inner = postfix(nodes, a)
        return [*inner, code, b, c] if inner else []
    if code in (E_MOST_OVER, E_LEAST_OVER, E_TOTAL_OVER, E_RANK):
        return []
    left, right = postfix(nodes, a), postfix(nodes, b)
    return [*left, *right, code, 0, 0] if left and right else []


def reads(nodes: Ints, node: int) -> list[int]:
    """The quantity codes the reads of a node and those inside it name (each read once, as an own count)."""
    code, a, b, _c = (int(x) for x in nodes[node])
    if code == E_NUMBER:
        return []
    if code == E_READ:
        return [a]
    if code in (E_CLAMP, E_MOST_OVER, E_LEAST_OVER, E_TOTAL_OVER, E_RANK):
        return reads(nodes, a)
    return reads(nodes, a) + reads(nodes, b)


def words(expr: ir.Expr) -> str:
    """An expression in short: operators and quantity keys."""
    if isinstance(expr, int):
        return str(expr)
    if isinstance(expr, ir.Read):
        return expr.quantity.key
    inner = ", ".join(words(part) for part in ir.expr_parts(expr))
    extra = f" {expr.players}" if isinstance(expr, ir.Over) else f" {expr.ties}" if isinstance(expr, ir.Rank) else ""
    return f"{ir.operator_of(expr)}{extra}({inner})"


def best(run: Any) -> float:
    times = []
    for _ in range(5):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=2000)
    args = parser.parse_args()
    base = load_one(shipped_workspace(), "base")
    amounts = tuple(effect.amount for effect in SAMPLES["change"] if isinstance(effect, ir.Change))
    bonus = tuple(ir.Change("points", True, amount) for amount in amounts)
    ruleset = dataclasses.replace(base, tiles=(dataclasses.replace(base.tiles[0], bonus=bonus), *base.tiles[1:]))
    t = compile_tables(ruleset)
    games = [game for *_rest, game, _seat in lab_states(("base",), args.games)]
    s = arrays_of(ruleset, games)
    recs = []
    for g in range(len(games)):
        for seat in range(s.points.shape[1]):
            rec = new_record(s)
            load_record(s, g, seat, rec)
            gather_others(t, s, g, seat, rec, np.empty(len(rec), np.int64))
            recs.append(rec)
    records = np.array(recs)
    nodes = table(t, "expr").reshape(-1, ENODE)
    changes = [row for row in range(len(t.ops)) if t.ops[row, ops.CODE] == ops.OP_CHANGE]
    calls = len(records) * args.repeat
    print(f"{calls} evaluations per expression ({len(records)} records of {args.games} lab games of base)")
    print(f"  {'expression':60} {'nodes':>8} {'reads':>8} {'postfix':>8}  (ns per evaluation)")
    for row, expr in zip(changes, amounts, strict=True):
        root = int(t.ops[row, ops.CHANGE_EXPR])
        codes = np.array(reads(nodes, root), np.int64)
        walked = best(lambda root=root: by_nodes(t, records, root, args.repeat)) / calls * 1e9
        direct = best(lambda codes=codes: by_reads(t, records, codes, args.repeat)) / calls * 1e9
        column = "-"
        program = np.array(postfix(nodes, root), np.int64)
        if len(program):
            assert by_postfix(t, records, program, 1) == by_nodes(t, records, root, 1), "postfix and nodes differ"
            column = f"{best(lambda p=program: by_postfix(t, records, p, args.repeat)) / calls * 1e9:8.1f}"
        print(f"  {words(expr):60} {walked:8.1f} {direct:8.1f} {column:>8}")


if __name__ == "__main__":
    main()
