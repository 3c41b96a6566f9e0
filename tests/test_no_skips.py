"""CI's run with every extra turns skips into failures (tests/no_skips.py), so a missing install step cannot pass
as a skip; without GAH_NO_SKIPS a skip stays a skip, as the README's test command needs."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

TESTS = Path(__file__).resolve().parent

SKIPPING = """
import pytest

def test_skips_in_the_body():
    pytest.skip("needs the cluster extra")

@pytest.mark.xfail(reason="a known gap", strict=True)
def test_a_known_gap():
    assert False
"""

SKIPPING_MODULE = """
import pytest

pytest.importorskip("a_module_nobody_installs", reason="needs the fast extra")

def test_never_reached():
    pass
"""


def run(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, no_skips: bool, *files: str) -> pytest.RunResult:
    monkeypatch.setenv("PYTHONPATH", str(TESTS))
    if no_skips:
        monkeypatch.setenv("GAH_NO_SKIPS", "1")
    else:
        monkeypatch.delenv("GAH_NO_SKIPS", raising=False)
    pytester.makepyfile(test_body=SKIPPING, test_module=SKIPPING_MODULE)
    return pytester.runpytest_subprocess("-p", "no_skips", "-p", "no:cacheprovider", "-n", "0", "-rA", *files)


def test_skips_stay_skips_without_the_variable(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    result = run(pytester, monkeypatch, False)
    result.assert_outcomes(skipped=2, xfailed=1)
    assert result.ret == 0


def test_a_skip_in_a_test_fails_under_no_skips(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    result = run(pytester, monkeypatch, True, "test_body.py")
    result.assert_outcomes(failed=1, xfailed=1)
    assert result.ret == 1
    result.stdout.fnmatch_lines(["*skipped under GAH_NO_SKIPS=1*needs the cluster extra*"])


def test_a_skipped_module_fails_under_no_skips(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    result = run(pytester, monkeypatch, True, "test_module.py")
    result.assert_outcomes(errors=1)
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*skipped under GAH_NO_SKIPS=1*needs the fast extra*"])
