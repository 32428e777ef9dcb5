"""Pass-and-play keeps every secret: a 3-player game of two people and a computer, played twice from
positions that differ only in two of the computer's face-down tokens (its jungle and its swamp trade
squares), draws exactly the same pixels at every frame: every person's placement and turn, every
animation, every tooltip over those tokens, every hand-over screen. Neither person knows those tokens,
so nothing of them may show."""

from __future__ import annotations

from functools import cache
from typing import Any, Sequence

import pygame

from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.draco_mundis.actions import Move, Pass, Place, Select
from drako_desktop.interface.registry import load
from drako_desktop.ui.scenes.hand_over import HandOverScene
from drako_desktop.ui.table import TOOLTIP_DELAY, TableScene
from ui_support import DT, key, make_app, motion, pixels_digest

COMPUTER_SEAT = 2
SWAPPED = ("jungle", "swamp")


@cache
def draco():
    return load("draco-mundis")


class ScriptedComputer:
    """Places its tokens in a given order on the first free square, then always passes."""

    name = "scripted"
    wants_view = False

    def __init__(self, order: Sequence[str]) -> None:
        self.order = list(order)

    def choose(self, view: Any, legal: Sequence[Any]) -> int:
        if isinstance(legal[0], Select):
            wanted = next(k for k in self.order if any(a.token == k for a in legal))
            self.order.remove(wanted)
            return next(i for i, a in enumerate(legal) if a.token == wanted)
        if isinstance(legal[0], Place):
            return min(range(len(legal)), key=lambda i: (legal[i].at, legal[i].facing))
        return legal.index(Pass())

    def game_over(self, scores, winners) -> None:
        pass

    def close(self) -> None:
        pass


def kinds_in_order(swap: bool) -> list[str]:
    data = draco().data
    kinds = [t.id for group in (data.characters, data.lands) for t in group for _ in range(t.count)]
    if swap:
        a, b = kinds.index(SWAPPED[0]), kinds.index(SWAPPED[1])
        kinds[a], kinds[b] = kinds[b], kinds[a]
    return kinds


def play_and_record(swap: bool) -> tuple[list[bytes], dict[str, int], dict[tuple[int, int], str]]:
    """Play the game and return a digest of every frame, what the frames were, and the computer's
    face-down kinds on the board at the end."""
    game = draco()
    app = make_app(game, size=(1280, 720), animation_speed="fast")
    app.agent_factory = lambda g, level, seed: ScriptedComputer(kinds_in_order(swap))
    seats = (Seat("Ana"), Seat("Brynja"), Seat("Corvin", COMPUTER, "random"))
    table = app.start_game(GameSetup(seats, 0, 0, game.id, ("fast_setup",)))  # two placements a turn: shorter
    assert isinstance(table, TableScene)
    digests: list[bytes] = []
    counted = {"hand-over": 0, "person": 0, "other": 0}
    own_kinds = {0: kinds_in_order(False), 1: kinds_in_order(False)}
    hover_square: tuple[int, int] | None = None

    def frame(events=()) -> None:
        app.frame(DT, list(events))
        digests.append(pixels_digest(app.surface))
        top = app.scenes.top
        counted["hand-over" if isinstance(top, HandOverScene) else "person" if table.decision() else "other"] += 1

    for _ in range(6000):
        state = table.controller._state
        if state.turn >= 5:
            break
        top = app.scenes.top
        if isinstance(top, HandOverScene):
            frame()
            frame([key(pygame.K_RETURN)])
            continue
        if table.ending_turn():
            table.end_turn()  # a person's placements confirmed, or a turn ended
        decision = table.decision()
        if decision is None:
            frame()
            continue
        # Point at one of the computer's tokens (its tooltip must tell nothing) at each turn and first placements.
        if hover_square is None:
            down = [s.at for s in table.board.model.squares.values() if s.down == COMPUTER_SEAT]
            hover_square = down[0] if down else None
        if hover_square is not None:
            frame([motion(table.board.layout.square_rect(hover_square).center)])
            for _ in range(round(TOOLTIP_DELAY / DT) + 2):
                frame()
        if decision.kind == "select":
            kind = own_kinds[decision.seat].pop(0)
            table.board.play(Place(kind, state.free_squares[0], 0 if game.rules.face_up_kinds[kind] else -1))
        else:
            move = next((a for a in decision.legal if isinstance(a, Move)), Pass())
            table.board.play(move)
        frame([motion((5, 5))])
    down_kinds = {divmod(sq, 12): game.rules.kinds[table.controller._state.down[sq] & 15]
                  for sq in table.controller._state.down_squares
                  if table.controller._state.down[sq] >> 4 == COMPUTER_SEAT}
    app.close()
    return digests, counted, down_kinds


def test_two_positions_a_person_cannot_tell_apart_draw_the_same_pixels_at_every_frame():
    plain, counted, kinds_a = play_and_record(swap=False)
    swapped, _, kinds_b = play_and_record(swap=True)
    differing = {at for at in kinds_a if kinds_a[at] != kinds_b.get(at)}
    assert sorted(kinds_a[at] for at in differing) == sorted(SWAPPED)  # the positions do differ, in those two
    assert counted["hand-over"] > 30 and counted["person"] > 200  # hand-overs, placements and turns were shown
    assert len(plain) == len(swapped)
    first_difference = next((i for i, (a, b) in enumerate(zip(plain, swapped)) if a != b), None)
    assert first_difference is None, f"frame {first_difference} differs"
