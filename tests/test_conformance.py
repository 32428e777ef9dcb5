"""One conformance suite for every registered game (`game_ids()`: a new game gets it for free).

The engine: random games at every player count and with every variant play to their end through legal actions
only; they are deterministic; a clone is independent; actions and views survive their JSON; `why_illegal` agrees
with `legal_actions`; a game's record replays to the same scores.

Secrets: two positions that differ only in what a seat does not know (`Game.hidden_twin`) give that seat the same
view, the same events and the same log, and the table the same pixels: on the hand-over screen, in the person's own
view, and through a computer's turn, at two window sizes.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Sequence

import pytest

from drako_desktop.controller.game import COMPUTER, GameController, GameSetup, Seat
from drako_desktop.interface.game import Game, GameState
from drako_desktop.interface.registry import game_ids, load
from drako_desktop.saves import start_game
from drako_desktop.ui.scenes.hand_over import HandOverScene
from ui_support import frames, make_app, pixels_digest, take_screen

GAMES = game_ids()
MAX_ACTIONS = 3000  # a random game that has not ended by then is a bug (the longest seen are about 600)


@pytest.fixture(scope="module", params=GAMES)
def game(request) -> Game:
    return load(request.param)


def variant_sets(game: Game) -> list[tuple[str, ...]]:
    return [()] + [(v.id,) for v in game.variants] + ([tuple(v.id for v in game.variants)] if game.variants else [])


def random_game(game: Game, players: int, seed: int, variants: Sequence[str] = (),
                stop: int | None = None) -> tuple[GameState, list[list[Any]]]:
    """A game of random legal actions (to its end, or `stop` actions) and the events of each action."""
    rng = random.Random(seed)
    state = game.new_state(players, seed, seed % players, variants)
    told = []
    while not state.is_terminal() and len(state.history) < (MAX_ACTIONS if stop is None else stop):
        legal = state.legal_actions()
        assert legal, f"no legal action at {len(state.history)} though the game goes on"
        told.append(state.apply(rng.choice(legal)))
    return state, told


def test_random_games_end_at_every_player_count_with_every_variant(game):
    for players in range(game.min_players, game.max_players + 1):
        for variants in variant_sets(game):
            state, told = random_game(game, players, players * 7 + len(variants), variants)
            assert state.is_terminal() and len(told) == len(state.history)
            winners = state.winners()
            totals = [b.total for b in state.scores()]
            assert winners and all(totals[w] == max(totals) for w in winners)
            # the record, through its JSON, replays to the same scores and winners
            record = game.record(state)
            again = game.new_state(players, record.get("seed", 0), record["first"], variants)
            for action in record["actions"]:
                again.apply(game.action_from_json(action))
            assert again.scores() == state.scores() and again.winners() == winners


def test_the_same_actions_make_the_same_game(game):
    state, told = random_game(game, game.max_players, 3)
    again = game.new_state(state.players, state.seed, state.first, tuple(state.variants))
    replayed = [again.apply(action) for action in state.history]
    assert again.view(None).to_json() == state.view(None).to_json() and again.scores() == state.scores()
    assert [[repr(e) for e in events] for events in replayed] == [[repr(e) for e in events] for events in told]


def test_a_clone_goes_its_own_way(game):
    state, _ = random_game(game, 2, 5, stop=40)
    before = (state.view(None).to_json(), [a.to_json() for a in state.legal_actions()], list(state.history))
    clone = state.clone()
    while not clone.is_terminal() and len(clone.history) < 80:
        clone.apply(clone.legal_actions()[-1])
    assert (state.view(None).to_json(), [a.to_json() for a in state.legal_actions()], list(state.history)) == before


def test_actions_and_views_survive_their_json(game):
    rng = random.Random(11)
    state = game.new_state(3, 11, 0)
    while not state.is_terminal() and len(state.history) < 300:
        legal = state.legal_actions()
        for action in legal:
            assert game.action_from_json(action.to_json()) == action
        for seat in (None, *range(state.players)):
            view = state.view(seat)
            assert game.view_from_json(view.to_json()).to_json() == view.to_json()
        state.apply(rng.choice(legal))


def test_why_illegal_agrees_with_the_legal_actions(game):
    """Every legal action has no reason against it; an action legal elsewhere but not listed here is refused,
    unless it takes two decisions at once and its first is listed (`decision_of`)."""
    rng = random.Random(2)
    seen: list[Any] = []
    state = game.new_state(2, 2, 0)
    while not state.is_terminal() and len(state.history) < 300:
        legal = state.legal_actions()
        assert all(state.why_illegal(action) is None for action in legal)
        for other in rng.sample(seen, min(len(seen), 20)):
            if other not in legal and state.why_illegal(other) is None:
                assert state.decision_of(other) in legal
        seen.extend(legal)
        seen = seen[-400:]
        state.apply(rng.choice(legal))


# -- secrets -----------------------------------------------------------------------------------------------


def log_of(game: Game, events: Sequence[Any], seat: int | None, names: Sequence[str]) -> list[str]:
    seen = [e for e in (event.for_viewer(seat) for event in events) if e is not None]
    return [line for line in (game.describe(e, names) for e in seen) if line]


def replayed_events(game: Game, state: GameState) -> list[Any]:
    again = game.new_state(state.players, state.seed, state.first, tuple(state.variants))
    return [e for action in state.history for e in again.apply(action)]


def test_a_seat_cannot_tell_twins_apart(game):
    """At positions all through random games: for each seat and for the public, a twin differing only in what that
    viewer does not know gives the same view, the same events and the same log. Some twins really differ."""
    names = ["Ana", "Ben", "Cai"]
    differing = 0
    for seed in range(3):
        for stop in (10, 40, 90, 160):
            state, _ = random_game(game, 3, seed, stop=stop)
            for seat in (None, 0, 1, 2):
                twin = game.hidden_twin(state, seat, seed)
                if twin is None:
                    continue
                assert twin.view(seat).to_json() == state.view(seat).to_json()
                assert twin.legal_actions() == state.legal_actions() or twin.current != seat
                if not game.seeded:  # replayed from the start, a twin tells its own past (a shuffle cannot be)
                    mine, its = replayed_events(game, state), replayed_events(game, twin)
                    assert [repr(e.for_viewer(seat)) for e in mine] == [repr(e.for_viewer(seat)) for e in its]
                    assert log_of(game, mine, seat, names) == log_of(game, its, seat, names)
                differing += tells_apart(game, state, twin)
    assert differing >= 5


def test_the_strongest_level_cannot_tell_twins_apart(game):
    """The expert level, as the hint's and the review's analyst (a few sampled worlds: the same search as at the
    table, with a fixed effort), chooses and judges alike in positions differing only in what its seat does not
    know."""
    judged = differing = 0
    for seed in range(2):
        for stop in (12, 60, 140, 180, 230):
            state, _ = random_game(game, 3, 20 + seed, stop=stop)
            seat = state.current
            twin = game.hidden_twin(state, seat, seed)
            legal = state.legal_actions()
            if twin is None or len(legal) < 2 or state.is_terminal():
                continue
            differing += tells_apart(game, state, twin)
            decided = []
            for position in (state, twin):
                analyst = game.analyst(seed, 2)
                assert analyst is not None and analyst.name == list(game.levels)[-1]  # the last listed: the strongest
                assessment = analyst.assess(position.view(seat), position.legal_actions())
                chosen = game.analyst(seed, 2).choose(position.view(seat), position.legal_actions())
                decided.append((chosen, None if assessment is None else (assessment.best, assessment.outcomes)))
            assert decided[0] == decided[1]
            judged += decided[0][1] is not None and len(decided[0][1][1]) > 1  # outcomes of several actions
    assert judged >= 4 and differing >= 4


# -- the table, to the pixel ---------------------------------------------------------------------------------


class PublicComputer:
    """A computer that brings nothing hidden to light and decides on what everyone sees (so that both twins play
    the same): Pass where it may, the discard rather than the draw pile, a face-up place for its card."""

    name = "public"
    wants_view = True

    def choose(self, view: Any, legal: Sequence[Any]) -> int:
        kinds = [getattr(a, "kind", getattr(a, "type", "")) for a in legal]
        for wanted in ("pass", "take-discard"):
            if wanted in kinds:
                return kinds.index(wanted)

        def hides_nothing(i: int) -> bool:
            if kinds[i] == "place" and hasattr(view, "kingdoms"):  # Aetherya: on a card already face up
                return view.kingdoms[view.seat][legal[i].row][legal[i].col] is not None
            return kinds[i] not in ("draw", "reveal", "peek", "fight", "reveal-any")

        return next((i for i in range(len(legal)) if hides_nothing(i)), 0)

    def game_over(self, scores, winners) -> None:
        pass

    def close(self) -> None:
        pass


SEATS = (Seat("Ana"), Seat("Bot", COMPUTER, "random"), Seat("Brynja"))


def private(state: GameState, seat: int) -> bool:
    """Whether the seat's view shows something the public view does not (the screen is handed over for it)."""
    own, public = state.view(seat).to_json(), state.view(None).to_json()
    own.pop("seat", None)
    public.pop("seat", None)
    return own != public


def position(game: Game, want: str) -> GameState:
    """A position of a 3-seat game (Ana, a computer, Brynja) played by random legal actions, as late as it comes
    in its first 60 actions: where Ana decides and has something of her own to see ("person"), or where the
    computer decides ("computer")."""
    seat = 0 if want == "person" else 1
    rng = random.Random(4)
    state, found = game.new_state(3, 4, 0), None
    while not state.is_terminal() and len(state.history) < 60:
        if state.current == seat and (want == "computer" or private(state, 0)):
            found = state.clone()
        state.apply(rng.choice(state.legal_actions()))
    assert found is not None, f"no {want} position"
    return found


def tells_apart(game: Game, a: GameState, b: GameState) -> bool:
    """Whether two positions differ at all: in what was hidden (the revealed view), or, played on the same way,
    in what comes to light later."""
    if game.revealed_view(a) != game.revealed_view(b):
        return True
    a, b = a.clone(), b.clone()
    for _ in range(400):
        if a.is_terminal() or b.is_terminal():
            return a.is_terminal() != b.is_terminal()
        if a.view(None).to_json() != b.view(None).to_json() or a.legal_actions() != b.legal_actions():
            return True
        action = a.legal_actions()[0]
        a.apply(action)
        b.apply(action)
    return False


def table_frames(game: Game, state: GameState, size: tuple[int, int], moment: str) -> list[bytes]:
    """The frames the table draws for `state` at one moment: "hand-over" (resumed, Ana to take the screen),
    "person" (Ana's own view, after the hand-over), or "computer" (the computer's turn, in the public view)."""
    app = make_app(game, size=size, animation_speed="fast", computer_pace="fast")

    def controller(setup: GameSetup, saved=None, practice: bool = False) -> GameController:
        c = GameController(game, setup, actions=state.history, threaded=False, people_end_turns=True, turn_ended=True,
                           agent_factory=lambda level, seed: PublicComputer())
        c._state = state.clone()  # a shuffled twin cannot be replayed from the seed: the test puts it in place
        return c

    app.controller = controller  # type: ignore[method-assign]
    setup = GameSetup(SEATS, state.seed, state.first, game.id)
    saved = replace(start_game(setup), actions=tuple(state.history))
    table = app.scenes.replace_all(app.table(setup, saved=saved))
    digests = []
    if moment == "computer":
        assert table.controller.screen is None and table.controller.computer_to_move()
        for _ in range(60):  # the computer thinks, plays and its move is shown
            frames(app)
            digests.append(pixels_digest(app.surface))
    else:
        frames(app, 3)
        assert isinstance(app.scenes.top, HandOverScene) and app.scenes.top.seat == 0
        digests.append(pixels_digest(app.surface))
        if moment == "person":
            assert take_screen(app)
            frames(app, 3)
            assert table.controller.screen == 0
            digests.append(pixels_digest(app.surface))
    app.close()
    return digests


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("moment", ["hand-over", "person", "computer"])
def test_the_table_cannot_tell_twins_apart(game, size, moment):
    """The twin differs, where the game allows, in what another person at the table knows: Ana's own secrets when
    the screen is public, Brynja's or the computer's when it is Ana's."""
    state = position(game, "computer" if moment == "computer" else "person")
    viewer = 0 if moment == "person" else None
    others = (1, 2) if viewer == 0 else (0,)
    twins = [t for seed in range(12) if (t := game.hidden_twin(state, viewer, seed)) is not None]
    known = [t for t in twins if any(t.view(s).to_json() != state.view(s).to_json() for s in others)]
    twin = next(iter(known or [t for t in twins if tells_apart(game, state, t)]), None)
    assert twin is not None, "nothing hidden from the viewer to swap"
    # Aetherya's one secret of a seat is the hand it arranges: Ana's, under the hand-over; elsewhere only the draw
    # pile and the face-down cards are hidden, from everyone alike.
    assert known or (game.id == "aetherya-pocket" and moment != "hand-over")
    assert table_frames(game, state, size, moment) == table_frames(game, twin, size, moment)
