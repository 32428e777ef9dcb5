"""Playing better: the hint on the table, the game viewer and the review screen, driven through the real app
with synthetic events and fixed frames; screenshots of each go to tests/output/screenshots/ (play-better-*).

Draco Mundis's hint and review are tried with a stand-in analyst (its hard level comes from another branch), and a
game without a strong level by saying it has none."""

from __future__ import annotations

import random
from functools import cache

import pygame
import pytest

from drako_desktop import saves
from drako_desktop.ai import make_agent
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.controller.review import review_game
from drako_desktop.controller.runner import run_game
from drako_desktop.games.draco_mundis.actions import Move, Select
from drako_desktop.interface.game import Assessment, Outcome
from drako_desktop.interface.registry import load
from drako_desktop.replay import replay_game
from drako_desktop.reviews import review_path
from drako_desktop.stats import Statistics
from drako_desktop.ui.scenes.overlay import PauseMenu
from drako_desktop.ui.scenes.review import ReviewScene
from drako_desktop.ui.scenes.scores import ScoreSheet
from drako_desktop.ui.scenes.viewer import EVERYTHING, ViewerScene
from test_draco_ui import play_on
from test_ui_end_turn import waiting_for_end_turn
from ui_support import frames, key, make_app, motion, play_until, screenshot

NAMES = ("Ana", "Brynja", "Corvin")


@cache
def draco():
    return load("draco-mundis")


class StandInAnalyst:
    """Draco Mundis's hard level as far as these tests need it: prefers the first move (else the first action),
    and gives every other action a lower chance to win."""

    def observe(self, view) -> None:
        pass

    def assess(self, view, legal, chosen=None):
        best = next((i for i, a in enumerate(legal) if isinstance(a, Move)), 0)
        outcomes = {best: Outcome(0.6, 2.0, 4)}
        if chosen is not None and chosen != best:
            outcomes[chosen] = Outcome(0.3 + 0.05 * (chosen % 4), -1.5, 4)
        return Assessment(best, outcomes)


@pytest.fixture
def draco_analyst(monkeypatch):
    monkeypatch.setattr(type(draco()), "analyst", lambda self, seed, iterations: StandInAnalyst())


def draco_table(persist: bool = False, language: str = "en"):
    app = make_app(draco(), persist=persist, language=language, animation_speed="instant")
    setup = GameSetup((Seat(NAMES[0]), Seat(NAMES[1], COMPUTER, "random")), 0, 0, draco().id, ("fast_setup",))
    table = app.start_game(setup)
    frames(app, 2)
    return app, table


def top_labels(table) -> list[str]:
    return [w.label for w in table.widgets.widgets if w.rect.y < table.board.layout.top_bar.bottom]


# -- the hint ------------------------------------------------------------------------------------------------


def test_a_hint_glows_on_the_draco_table_and_is_cancelled_counted_and_saved(draco_analyst, library):
    app, table = draco_table(persist=True)
    assert table.decision() is not None and "Hint" in top_labels(table)
    # During setup the hint picks the token to place: its tray slot glows.
    frames(app, 1, [key(pygame.K_h)])
    shown = table.hints.shown
    assert isinstance(shown.action, Select) and table.controller.hints == [1, 0]
    assert table.hint_places(shown.action) == [table.board.tray_slot(shown.action.token)]
    frames(app, 1, [key(pygame.K_ESCAPE)])  # Esc hides the hint; the game menu stays closed
    assert table.hints.shown is None and app.scenes.top is table
    play_on(app, table, random.Random(3), lambda: table.decision() is not None and table.decision().kind == "act"
            and any(isinstance(a, Move) for a in table.decision().legal))
    # In play: the character and its square glow, the bubble says what it is.
    hint = next(w for w in table.widgets.widgets if getattr(w, "label", "") == "Hint")
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=hint.rect.center, rel=(0, 0), buttons=(0, 0, 0)),
                    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hint.rect.center, button=1)])
    move = table.hints.shown.action
    assert isinstance(move, Move) and table.controller.hints == [2, 0]
    assert [table.board.layout.square_at(r.center) for r in table.hint_places(move)] == [divmod(move.origin, 12),
                                                                                    divmod(move.target, 12)]
    frames(app, 2)
    screenshot(app, "play-better-01-hint-draco")
    # H again hides it; asked again it counts again; acting drops it.
    frames(app, 1, [key(pygame.K_h)])
    assert table.hints.shown is None
    frames(app, 1, [key(pygame.K_h)])
    assert table.controller.hints == [3, 0]
    table.board.play(move)
    frames(app, 1)
    assert not table.hints.active
    assert table.session.flush()
    saved, _ = saves.read(table.session.saved_path(), app.library)
    assert saved.hints == (3, 0) and saved.hinted
    app.close()


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_h_on_the_draco_table_shows_the_hint_alone_not_the_keyboards_cursor(draco_analyst, language):
    """H asks for a hint; it does not turn on the keyboard's cursor, a second framed square the hint would seem
    to point at (in the board's middle), which takes the tooltips from the mouse. A key that moves the cursor
    still shows it."""
    app, table = draco_table(language=language)
    play_on(app, table, random.Random(3), lambda: table.decision() is not None and table.decision().kind == "act"
            and any(isinstance(a, Move) for a in table.decision().legal))
    frames(app, 1, [key(pygame.K_h)])
    assert table.hints.shown is not None and not table.board.gestures.keyboard
    frames(app, 1, [key(pygame.K_l)])  # the log, opened and closed: no cursor either
    frames(app, 1, [key(pygame.K_l)])
    assert not table.board.gestures.keyboard
    frames(app, 2)
    screenshot(app, f"draco-hint-without-cursor-{language}")
    frames(app, 1, [key(pygame.K_RIGHT)])
    assert table.board.gestures.keyboard
    app.close()


def test_no_hint_without_a_strong_level_and_none_at_the_lesson(monkeypatch):
    monkeypatch.setattr(type(draco()), "analyst", lambda self, seed, iterations: None)  # a game without one
    app, table = draco_table()
    assert table.decision() is not None and "Hint" not in top_labels(table)
    frames(app, 1, [key(pygame.K_h)])
    assert not table.hints.active and table.controller.hints == [0, 0] and app.scenes.top is table
    app.close()
    from drako_desktop.games.aetherya_pocket.ui.tutorial_scene import open_tutorial

    app = make_app(load("aetherya-pocket"), animation_speed="instant")
    app.main_menu()
    open_tutorial(app)
    frames(app, 3)
    lesson = app.scenes.top
    assert lesson.decision() is not None and "Hint" not in top_labels(lesson)
    frames(app, 1, [key(pygame.K_h)])
    assert not lesson.hints.active
    app.close()


def test_h_says_why_there_is_no_hint_when_no_decision_is_the_persons():
    """H always answers, as Ctrl+Z does: with no decision of the person's to make (their turn waits for End
    turn), it says so in words rather than nothing; nothing is counted."""
    app = make_app(load("aetherya-pocket"), size=(1280, 720), animation_speed="instant")
    table, _ = waiting_for_end_turn(app)
    assert table.decision() is None and table.hints.note is None
    frames(app, 1, [key(pygame.K_h)])
    assert not table.hints.active and table.controller.hints == [0, 0]
    assert table.hints.note is not None and table.hints.note[0] == "No hint now: there is no decision of yours to make."
    frames(app, 1)
    screenshot(app, "play-better-hint-not-now")
    app.close()


def test_games_with_hints_count_apart_in_the_statistics():
    setup = GameSetup((Seat("Ana"), Seat("Brynja"), Seat("Bot", COMPUTER, "easy")), 1)
    stats = Statistics()
    assert stats.record_game("g1", setup, [30, 20, 10], [0], practice=False, hints=[2, 0, 0])
    assert stats.record_game("g2", setup, [10, 25, 5], [1], practice=False, hints=[0, 0, 0])
    ana, brynja = stats.players_of(setup.game)["Ana"], stats.players_of(setup.game)["Brynja"]
    assert (ana.games, ana.wins, ana.hint_games, ana.best) == (1, 0, 1, 10)
    assert (brynja.games, brynja.wins, brynja.hint_games) == (2, 1, 0)
    again = Statistics.from_json(stats.to_json())
    assert again.players_of(setup.game)["Ana"].hint_games == 1
    old = stats.to_json()
    del old["games"][setup.game]["Ana"]["hint_games"]  # a file from before hints
    assert Statistics.from_json(old).players_of(setup.game)["Ana"].hint_games == 0


def finished_aetherya(seed: int = 8, hints=()):
    game = load("aetherya-pocket")
    state = game.new_state(2, seed, 0)
    run_game(game, state, [make_agent(game, "random", 1), make_agent(game, "medium", 2)])
    setup = GameSetup((Seat("Ana"), Seat("Bot", COMPUTER, "medium")), seed=seed, first=0)
    stamp = "2026-01-01T10:00:00Z"
    saved = saves.SavedGame(f"20260101-100000-{seed:06d}", setup, tuple(state.history), stamp, stamp, False, True,
                            hints=tuple(hints))
    return game, saved, state


def test_a_save_keeps_the_hints_and_refuses_a_bad_count(library):
    game, saved, state = finished_aetherya(hints=(4, 0))
    again, _ = saves.decode(saves.encode(saved, state, game), library)
    assert again.hints == (4, 0)
    plain, _ = saves.decode(saves.encode(saved.__class__(**{**saved.__dict__, "hints": ()}), state, game), library)
    assert plain.hints == () and not plain.hinted
    text = saves.encode(saved, state, game).replace('"hints":[4,0]', '"hints":[4]')
    with pytest.raises(saves.SaveError, match="hints"):
        saves.decode(text, library)


# -- the viewer ----------------------------------------------------------------------------------------------------


def test_the_viewer_steps_jumps_plays_and_tells_the_scores_after_each_turn(library):
    game, saved, _ = finished_aetherya()
    app = make_app(game, size=(1280, 720))
    app.main_menu()
    viewer = app.open_viewer(saved)
    frames(app, 2)
    assert isinstance(viewer, ViewerScene) and viewer.position == viewer.replay.last == len(saved.actions)
    screenshot(app, "play-better-02-viewer-end")
    frames(app, 1, [key(pygame.K_HOME)])
    assert viewer.position == 0
    frames(app, 1, [key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert viewer.position == 2
    frames(app, 1, [key(pygame.K_LEFT)])
    assert viewer.position == 1
    frames(app, 1, [key(pygame.K_DOWN)])  # the next turn's start
    assert viewer.position == viewer.replay.turn_start(viewer.replay.turn_at(1) + 1)
    # Go to a turn by typing it.
    frames(app, 1, [key(pygame.K_g), pygame.event.Event(pygame.TEXTINPUT, text="1"),
                    pygame.event.Event(pygame.TEXTINPUT, text="2"), key(pygame.K_RETURN)])
    assert viewer.replay.turn_at(viewer.position) == 12 and viewer.replay.turn_at(viewer.position - 1) == 11
    frames(app, 2)
    screenshot(app, "play-better-03-viewer-turn-12")
    # Play: one move a second, then twice as fast.
    frames(app, 1, [key(pygame.K_ESCAPE), key(pygame.K_SPACE)])
    start = viewer.position
    frames(app, 60)
    assert viewer.playing and viewer.position == start + 1 and viewer.next_frame_in() == 0.0
    frames(app, 1, [key(pygame.K_PLUS)])
    frames(app, 60)
    assert viewer.position == start + 3
    frames(app, 1, [key(pygame.K_SPACE)])
    frames(app, 60)
    assert not viewer.playing and viewer.position == start + 3 and viewer.next_frame_in() is None
    # The scores after each turn are the replay's, and the scores shown are those of the position.
    told = replay_game(game, saved)["turns"]
    after = [e for e in viewer.replay.log(None) if e.kind == "scores"]
    assert [list(e.scores) for e in after] == [t["scores"] for t in told[1:]]
    for entry in after:
        viewer.go(entry.position)
        assert viewer.replay.scores[viewer.position] == entry.scores
        assert viewer.entry_text(entry).startswith(f"After turn {entry.turn}: Ana {entry.scores[0]}".replace("-", "−"))
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is not viewer
    app.close()


def test_a_legend_too_small_for_its_words_shows_the_cards_it_asks_for(aetherya):
    """Where a legend card has no room for its words (the viewer at 1280 x 720), it shows its family's emblem
    and, under it, the cards it asks for in their kingdom colours: the emblem alone is the same on the Tribe of
    Elves and the Tribe of Dwarves."""
    from drako_desktop.games.aetherya_pocket.ui import card_pictures
    from drako_desktop.games.aetherya_pocket.ui.card_art import required_types

    cards = aetherya.cards
    assert required_types(cards.legend("tribes-elf").requires) == ["elf"]
    assert required_types(cards.legend("battle-goblin-human").requires) == ["goblin", "human"]
    assert required_types(cards.legend("four-tribes").requires) == ["human", "elf", "dwarf", "goblin"]
    app = make_app(aetherya, size=(1280, 720))
    pictures = card_pictures(app.ctx)
    elves, dwarves = (pygame.image.tobytes(pictures.legend_emblem(legend, 68, 94), "RGBA")
                      for legend in ("tribes-elf", "tribes-dwarf"))
    assert elves != dwarves
    app.close()


@pytest.mark.parametrize("size, wordy", [((1280, 720), False), ((1600, 900), True), ((1920, 1080), True)])
def test_the_viewer_names_the_legends_where_their_words_fit(library, monkeypatch, size, wordy):
    """At 1600 x 900 the viewer's legends are as tall as the table's at 1280 x 720, which shows their names and
    requirements: the viewer showed only each family's emblem, so that nobody could tell which legends lay there."""
    from drako_desktop.games.aetherya_pocket.ui.card_art import CardArt

    drawn: list[str] = []
    for kind in ("legend", "legend_emblem"):
        original = getattr(CardArt, kind)
        monkeypatch.setattr(CardArt, kind, lambda self, legend_id, w, h, *rest, _f=original, _k=kind:
                            drawn.append(_k) or _f(self, legend_id, w, h, *rest))
    game, saved, _ = finished_aetherya()
    app = make_app(game, size=size)
    app.main_menu()
    app.open_viewer(saved)
    frames(app, 2)
    assert drawn and set(drawn) == {"legend" if wordy else "legend_emblem"}
    app.close()


def test_the_viewer_draws_a_frame_only_when_it_shows_something_new(library):
    """Moving the mouse over nothing, and the frames between two moves while it plays, draw nothing; every
    frame drawn looks as the screen painted afresh (a step, the view, the speed, typing a turn, hovering)."""
    game, saved, _ = finished_aetherya()
    app = make_app(game, size=(1280, 720))
    app.main_menu()
    viewer = app.open_viewer(saved)
    frames(app, 2)

    def afresh() -> bool:
        shown = pygame.image.tobytes(app.surface, "RGB")
        app.scenes.forget_shown()
        app.scenes.draw(app.surface)
        return pygame.image.tobytes(app.surface, "RGB") == shown

    still = viewer.picture_area.center
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=still, rel=(1, 1), buttons=(0, 0, 0))])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=(still[0] + 9, still[1]), rel=(1, 1),
                                       buttons=(0, 0, 0))])
    assert app.changed == []
    drawn = 0
    for events in ([key(pygame.K_HOME)], [key(pygame.K_RIGHT)], [key(pygame.K_v)], [key(pygame.K_PLUS)],
                   [key(pygame.K_g), pygame.event.Event(pygame.TEXTINPUT, text="3")], [key(pygame.K_ESCAPE)],
                   [pygame.event.Event(pygame.MOUSEMOTION, pos=viewer.widgets.widgets[-2].rect.center, rel=(1, 1),
                                       buttons=(0, 0, 0))]):
        frames(app, 1, events)
        assert app.changed is None and afresh(), events
    frames(app, 1, [key(pygame.K_SPACE)])  # play: a move every half second at twice the speed
    for _ in range(90):
        frames(app)
        drawn += app.changed is None
        assert afresh()
    assert viewer.playing and 2 <= drawn <= 6  # a frame for each move, not 90
    app.close()


def test_the_viewer_shows_a_face_down_draco_token_only_to_who_knew_it_and_everything_after_the_game(library):
    game = draco()
    state = game.new_state(2, 0, 0, ("fast_setup",))
    run_game(game, state, [make_agent(game, "random", 5), make_agent(game, "random", 6)])
    setup = GameSetup((Seat("Ana"), Seat("Brynja")), 0, 0, game.id, ("fast_setup",))
    half = saves.SavedGame("record", setup, tuple(state.history[:120]), "", "", False, False)
    app = make_app(game, size=(1280, 720))
    app.main_menu()
    viewer = app.open_viewer(half)
    assert EVERYTHING not in [v for v, _ in viewer.view_options()]  # a game going on: nothing more
    for position in range(0, viewer.replay.last + 1, 7):
        viewer.go(position)
        viewer.set_seen_by(None)
        assert all(spot.down_kind is None for spot in viewer.view().squares)
        viewer.set_seen_by(0)
        known = viewer.replay.view(position, 0)
        assert viewer.view() == known
        assert all(spot.down_kind is None or spot.down == 0 or 0 in spot.peeked_by for spot in viewer.view().squares)
    frames(app, 1, [key(pygame.K_v)])
    frames(app, 2)
    screenshot(app, "play-better-04-viewer-draco-seat")
    app.scenes.pop()
    whole = saves.SavedGame("record", setup, tuple(state.history), "", "", False, True)
    viewer = app.open_viewer(whole, start=150)
    viewer.set_seen_by(EVERYTHING)
    down = [spot for spot in viewer.view().squares if spot.down >= 0]
    assert down and all(spot.down_kind is not None for spot in down)
    viewer.relayout()
    frames(app, 2)
    screenshot(app, "play-better-05-viewer-draco-everything")
    app.close()


def viewer_tip_at(app, viewer, point_on_picture):
    """Point the mouse at a point of the viewer's position picture; the tooltip the frame drew, or None."""
    (x, y), _ = viewer.shown_at
    frames(app, 1, [motion((x + point_on_picture[0], y + point_on_picture[1]))])
    pointed = viewer.pointed()
    return None if pointed is None else pointed[0]


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_pointing_at_a_card_or_legend_in_the_viewer_tells_what_it_is(library, language):
    """The viewer's position is a still picture: pointing at a legend, a card or a token shows its tooltip, as
    the table does, and pointing at nothing shows none."""
    from drako_desktop.games.aetherya_pocket.words import card_name, legend_name

    game, saved, state = finished_aetherya()
    app = make_app(game, size=(1280, 720), language=language)
    app.main_menu()
    viewer = app.open_viewer(saved, start=40)
    frames(app, 2)
    position = viewer.shown_at[1]
    view = viewer.view()
    legends = [rect for rect, tip in position.tips if tip.title == legend_name(game.cards, view.legend_row[0])]
    assert legends, [tip.title for _, tip in position.tips]
    tip = viewer_tip_at(app, viewer, legends[0].center)
    assert tip is not None and tip.title == legend_name(game.cards, view.legend_row[0])
    face_up = next(card for row in view.kingdoms[0] for card in row if card is not None)
    card_rects = [rect for rect, tip in position.tips if tip.title == card_name(game.cards, face_up)]
    assert viewer_tip_at(app, viewer, card_rects[0].center).title == card_name(game.cards, face_up)
    screenshot(app, f"play-better-viewer-tooltip-{language}")
    # From one thing to another, and off them all: only the tooltips' places are drawn again, and the window
    # shows what drawing the viewer whole shows.
    other = next(rect for rect, tip in position.tips if not rect.colliderect(card_rects[0]))
    for point in (other.center, (-50, -50)):
        tip = viewer_tip_at(app, viewer, point)
        assert app.changed is not None and sum(r.w * r.h for r in app.changed) < 0.2 * 1280 * 720
        whole = pygame.Surface(app.surface.get_size())
        viewer.draw(whole)
        assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(app.surface, "RGB")
    assert tip is None
    app.close()
    # Draco Mundis: a token's tooltip, as the table gives it to the seat whose view is shown.
    draco_game = draco()
    draco_state = draco_game.new_state(2, 0, 0, ("fast_setup",))
    run_game(draco_game, draco_state, [make_agent(draco_game, "random", 5), make_agent(draco_game, "random", 6)])
    setup = GameSetup((Seat("Ana"), Seat("Brynja")), 0, 0, draco_game.id, ("fast_setup",))
    app = make_app(draco_game, size=(1280, 720), language=language)
    app.main_menu()
    viewer = app.open_viewer(saves.SavedGame("record", setup, tuple(draco_state.history[:120]), "", "", False,
                                             False))
    frames(app, 2)
    rect, expected = viewer.shown_at[1].tips[0]
    assert viewer_tip_at(app, viewer, rect.center) == expected
    app.close()


def test_drako_desktop_view_reads_a_save_or_a_record(tmp_path, library):
    from drako_desktop.cli import UsageError, game_to_view
    from drako_desktop.interface.registry import Library

    game, saved, state = finished_aetherya()
    path = tmp_path / "game.json"
    path.write_text(saves.encode(saved, state, game))
    assert game_to_view(library, path).actions == saved.actions
    record = tmp_path / "game.jsonl"
    both = Library()
    both.add(draco())
    dm = draco().new_state(2, 0, 0, ())
    run_game(draco(), dm, [make_agent(draco(), "random", 1), make_agent(draco(), "random", 2)])
    import json

    record.write_text(json.dumps(draco().record(dm)) + "\n")
    assert game_to_view(both, record).actions == tuple(a for a in dm.history if not isinstance(a, Select))
    (tmp_path / "bad.json").write_text("{}")
    with pytest.raises(UsageError, match="bad.json"):
        game_to_view(library, tmp_path / "bad.json")


# -- the review ----------------------------------------------------------------------------------------------------


DEPTH = 3


def test_the_review_runs_to_the_end_and_goes_on_from_its_file_with_the_same_result(library):
    game, saved, _ = finished_aetherya()
    app = make_app(game, size=(1280, 720), persist=True)
    app.review_depth = DEPTH
    app.main_menu()
    review = app.open_review(saved)
    assert isinstance(review, ReviewScene)
    frames(app, 6)  # one decision a frame when the app runs inline
    done = len(review.job.decisions)
    assert 3 <= done <= 6 and not review.job.finished and review.next_frame_in() is not None
    screenshot(app, "play-better-06-review-running")
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is not review
    kept = saves.reviews_dir() / review_path(saved.game_id, 0).name
    assert kept.is_file()
    review = app.open_review(saved)
    assert [d.index for d in review.job.decisions] == [d.index for d in review.decisions][:done] != []
    for _ in range(200):
        if review.job.finished:
            break
        frames(app)
    assert review.job.finished and review.next_frame_in() is None
    whole = review_game(game, 2, saved.setup.seed, 0, (), saved.actions, 0, depth=DEPTH)
    assert [d.to_json() for d in review.job.decisions] == [d.to_json() for d in whole]  # as kept: rounded
    frames(app, 2)
    screenshot(app, "play-better-07-review-done")
    # A review kept whole opens complete at once.
    app.scenes.pop()
    assert app.open_review(saved).job.finished
    app.close()


def test_the_review_goes_from_mistake_to_mistake_and_replays_from_one(library):
    game, saved, _ = finished_aetherya(11)  # a game whose biggest mistakes (by the expert analyst) share a turn
    app = make_app(game, size=(1280, 720))
    app.review_depth = DEPTH
    app.main_menu()
    review = app.open_review(saved)
    while not review.job.finished:
        frames(app)
    frames(app, 1)
    assert len(review.mistakes) >= 2 and review.selected == 0
    # Two mistakes in one turn (the card taken, then where it went) say which move each is: no line twice.
    texts = [review.mistake_text(m) for m in review.mistakes]
    turns = [m.turn for m in review.mistakes]
    twice = next(t for t in turns if turns.count(t) > 1)
    assert len(set(texts)) == len(texts)
    assert {w.split(":")[0] for w, t in zip(texts, turns) if t == twice} == {f"Turn {twice}, move {n}" for n in (1, 2)}
    frames(app, 1, [key(pygame.K_RIGHT)])
    assert review.selected == 1
    frames(app, 1, [key(pygame.K_RIGHT), key(pygame.K_LEFT), key(pygame.K_LEFT), key(pygame.K_LEFT)])
    assert review.selected == 0
    frames(app, 1, [key(pygame.K_m)])
    assert review.margin
    frames(app, 2)
    screenshot(app, "play-better-08-review-margin")
    frames(app, 1, [key(pygame.K_RETURN)])
    viewer = app.scenes.top
    assert isinstance(viewer, ViewerScene) and viewer.position == review.mistakes[0].index
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is review
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is not review
    app.close()


def test_a_game_without_a_strong_level_offers_no_review(monkeypatch):
    game = draco()
    monkeypatch.setattr(type(game), "analyst", lambda self, seed, iterations: None)
    state = game.new_state(2, 0, 0, ())
    run_game(game, state, [make_agent(game, "random", 1), make_agent(game, "random", 2)])
    saved = saves.SavedGame("g", GameSetup((Seat("Ana"), Seat("Bot", COMPUTER, "random")), 0, 0, game.id),
                            tuple(state.history), "", "", False, True)
    app = make_app(game)
    app.main_menu()
    assert app.open_review(saved) is None and not isinstance(app.scenes.top, ReviewScene)
    app.close()


def test_a_draco_review_with_a_stand_in_analyst_shows_both_boards(draco_analyst):
    game = draco()
    state = game.new_state(2, 0, 0, ("fast_setup",))
    run_game(game, state, [make_agent(game, "random", 1), make_agent(game, "random", 2)])
    setup = GameSetup((Seat("Ana"), Seat("Bot", COMPUTER, "random")), 0, 0, game.id, ("fast_setup",))
    saved = saves.SavedGame("g", setup, tuple(state.history), "", "", False, True)
    app = make_app(game, size=(1280, 720))
    app.main_menu()
    review = app.open_review(saved)
    while not review.job.finished:
        frames(app)
    frames(app, 2)
    assert review.mistakes and len(review.boards((300, 200))) == 2
    screenshot(app, "play-better-09-review-draco")
    app.close()


def test_the_pause_menu_is_not_what_esc_opens_while_a_hint_shows(draco_analyst):
    app, table = draco_table()
    frames(app, 1, [key(pygame.K_h), key(pygame.K_ESCAPE)])
    assert app.scenes.top is table
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, PauseMenu)
    app.close()


def test_a_hint_on_the_aetherya_table_then_the_game_counts_apart(library):
    game = load("aetherya-pocket")
    app = make_app(game, persist=True, animation_speed="instant")
    app.hint_depth = 6
    table = app.start_game(GameSetup((Seat("Ana"), Seat("Bot", COMPUTER, "random")), 4))
    frames(app, 2)
    frames(app, 1, [key(pygame.K_h)])  # the starting arrangement: nothing to suggest, nothing counted
    assert table.hints.note is not None and table.controller.hints == [0, 0]
    play_until(app, table, lambda: table.decision() is not None and table.decision().kind == "after-draw")
    frames(app, 1, [key(pygame.K_h)])
    shown = table.hints.shown
    assert shown is not None and table.controller.hints == [1, 0] and shown.reason
    places = table.hint_places(shown.action)
    assert places and all(table.board.layout.size[0] > r.x >= 0 for r in places)
    frames(app, 2)
    screenshot(app, "play-better-10-hint-aetherya")
    # The bubble covers neither the hint's own places nor the last turns told ("Since your last turn"), nor
    # the large kingdom beside the column of the others where it went.
    from drako_desktop.games.aetherya_pocket.ui.hint_marks import bubble_places

    assert table.board.recent_turns() and table.board.layout.news.h
    bubble = table.hints.draw_bubble(app.surface.copy(), *bubble_places(table.board, True))
    large = table.board.layout.kingdoms[table.board.layout.active].rect
    assert bubble is not None and bubble.collidelist([*places, table.board.layout.news, large]) < 0
    table.play([shown.action])
    frames(app, 1)
    assert not table.hints.active
    play_until(app, table, lambda: app.scenes.find(ScoreSheet) is not None)
    sheet = app.scenes.find(ScoreSheet)
    assert "Ana 1" in sheet.hint_note() and "Review" in [w.label for w in sheet.widgets.widgets]
    assert all(sheet.panel.contains(w.rect) for w in sheet.widgets.widgets)
    frames(app, 120)
    screenshot(app, "play-better-11-score-sheet-hints")
    record = Statistics.load()[0].players_of(game.id)["Ana"]
    assert (record.games, record.hint_games) == (0, 1)
    assert table.session.flush()
    saved, _ = saves.read(table.session.saved_path(), app.library)
    assert saved.finished and saved.hints == (1, 0)
    app.close()
