"""Whole games of every registered game played through the screen the way people play them (`screen_player`):
clicks, drags and keys through the app's frame loop, every frame drawn, at the normal and fast animation speeds
and at instant, with one to four people at the screen beside computers, every variant set, and the
interruptions people make. Each game must end without an error escaping a scene, without a person's secrets on
screen while somebody else may be looking, and with a record that replays to the same scores.

A few seeds per game and seat mix here; `make soak` plays hundreds (tools/soak.py)."""

from __future__ import annotations

import pytest

from drako_desktop.interface.registry import game_ids, load
from screen_player import ScreenPlayer, seats_of

# (people, players, animation speed, which variants: none, the first, all; how the people choose their moves).
# Two people passing the screen at the normal speed is where the crash of the selection was; the fast speed and
# instant, with one and four people, cover the rest in as little time.
MIXES = [
    (2, 2, "normal", "all", "random"),
    (1, 3, "fast", "first", "easy"),
    (4, 4, "instant", "none", "random"),
]

# A seed of its own where the formula's game is long for a mix in make test (Draco Mundis, two people at the normal
# speed: seed 28 plays 8,910 frames, the formula's 16,415; both end, play every manner, quit and hand over).
SEEDS = {("draco-mundis", 2, 2): 28}


def variants_of(game, which: str) -> tuple[str, ...]:
    ids = tuple(v.id for v in game.variants)
    return {"none": (), "first": ids[:1], "all": ids}[which]


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("people, players, speed, which, chooser", MIXES)
def test_whole_games_played_through_the_screen(game_id, people, players, speed, which, chooser):
    game = load(game_id)
    seed = SEEDS.get((game_id, people, players), 11 * players + people)
    player = ScreenPlayer(game, seats_of(people, players), seed=seed, speed=speed, pace="fast",
                          variants=variants_of(game, which), chooser=chooser,
                          name=f"screen-{game_id}-{people}-{players}-{speed}")
    report = player.play()
    assert len(report.scores) == players and report.moves > 0
    assert all(report.gestures.values()), report.gestures  # every manner played some of the moves
    assert report.quits, "the game was left and continued at least once"
    if people > 1:
        assert player.hand_overs > 0
