"""tools/calibrate_search.py reads each game's count of a search level's work where the level keeps it (a renamed
counter would otherwise only show when someone calibrates again); the time it prints is not asserted."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))
import calibrate_search  # noqa: E402

from drako_desktop.ai import make_agent
from drako_desktop.interface import registry


def test_every_game_with_a_search_level_has_its_count_of_work_read():
    for game_id, (_, _, count) in calibrate_search.WORK.items():
        hard = make_agent(registry.load(game_id), "hard", 1)
        assert count(hard) == 0  # nothing done yet: the count is there, and is a number


def test_a_game_of_hard_against_medium_gives_a_cost_per_played_out_action(capsys):
    assert calibrate_search.main(["--game", "aetherya-pocket", "--games", "1"]) == 0
    said = capsys.readouterr().out
    found = re.fullmatch(r"aetherya-pocket, 2 players, 1 games of hard against medium: ([\d,]+) played-out actions "
                         r"in ([\d.]+) s of decisions, (\d+) µs a played-out action\n", said)
    assert found is not None, said
    assert int(found[1].replace(",", "")) > 1000
