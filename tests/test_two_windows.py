"""tools/two_windows.py's verdict: two copies in real windows pass only when both reached the score sheet with the
same record, the connection was cut and came back, and neither caught an error. (The run itself needs an X server
and minutes of real time: `make two-windows`, by hand.)"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))
import two_windows  # noqa: E402

RECORD = {"game": "draco-mundis", "actions": [1, 2, 3]}
DONE = {"record": RECORD, "moves": 3, "frames": 900, "crashes": [], "clicks": 40, "keys": 1, "pastes": 1,
        "winners": [0]}


def verdict(capsys, results=None, codes=None, cut_at: int | None = 30, connections: int = 2) -> tuple[int, str]:
    results = {"host": DONE, "guest": DONE} if results is None else results
    code = two_windows.verdict("draco-mundis", results, codes or {"host": 0, "guest": 0}, cut_at, connections, 12.0)
    return code, capsys.readouterr().out


def test_a_whole_game_with_the_same_record_a_cut_and_a_way_back_passes(capsys):
    code, out = verdict(capsys)
    assert code == 0 and "FAILED" not in out
    assert "3 moves in 12 s; the connection cut at move 30, 2 connections through the proxy" in out


@pytest.mark.parametrize("change, problem", [
    ({"results": {"host": DONE, "guest": {**DONE, "record": {**RECORD, "actions": [1, 2]}}}}, "different records"),
    ({"results": {"host": DONE}}, "did not reach the score sheet"),
    ({"codes": {"host": 0, "guest": 1}}, "the guest copy exited with 1"),
    ({"codes": {"host": None, "guest": 0}}, "the host copy exited with None"),
    ({"cut_at": None}, "ended before the connection was cut"),
    ({"connections": 1}, "did not come back through the proxy"),
    ({"results": {"host": DONE, "guest": {**DONE, "crashes": ["KeyError: 3"]}}}, "the guest copy caught KeyError: 3"),
])
def test_anything_short_of_that_fails_and_says_what(capsys, change, problem):
    code, out = verdict(capsys, **change)
    failures = [line for line in out.splitlines() if line.startswith("  FAILED: ")]
    assert code == 1 and len(failures) == 1 and problem in failures[0], out


def test_the_boards_keys_are_named_as_xdotool_types_them():
    assert [two_windows.key_name(k) for k in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_TAB, pygame.K_e,
                                               pygame.K_3)] == ["Escape", "Return", "Tab", "e", "3"]
