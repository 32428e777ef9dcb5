"""The Draco Mundis table on the desktop: its model against the engine, mouse and keyboard play,
refusals in words, the hand-over screen, undo, the end, the lesson, and the screenshots."""

from __future__ import annotations

import random
import shutil
from dataclasses import replace
from functools import cache

import pygame
import pytest

from drako_desktop.controller.game import COMPUTER, GameSetup, Phase, Seat
from drako_desktop.games.draco_mundis import lesson as tutorial
from drako_desktop.games.draco_mundis.actions import Move, Pass, Peek, Reveal, RevealAny, Select, place, square
from drako_desktop.games.draco_mundis.board import BoardModel
from drako_desktop.games.draco_mundis.ui import tie_break_text
from drako_desktop.games.draco_mundis.ui.tutorial_scene import lesson_table
from drako_desktop.games.draco_mundis.view import Token
from drako_desktop.i18n import tr
from drako_desktop.interface.game import Breakdown
from drako_desktop.interface.registry import load
from drako_desktop.ui.lesson_table import LessonTable
from drako_desktop.ui.scenes.hand_over import HandOverScene
from drako_desktop.ui.scenes.scores import ScoreSheet
from drako_desktop.ui.text import Text
from ui_support import click, drag, frames, key, make_app, motion, screenshot


@cache
def draco():
    return load("draco-mundis")


def seats(people: int, players: int) -> tuple[Seat, ...]:
    names = ("Ana", "Brynja", "Corvin", "Isolde")
    return tuple(Seat(names[i]) if i < people else Seat(names[i], COMPUTER, "random") for i in range(players))


def start(players: int = 2, people: int = 1, variants=(), language: str = "en", speed: str = "instant",
          size=(1600, 900)):
    app = make_app(draco(), size=size, animation_speed=speed, language=language)
    table = app.start_game(GameSetup(seats(people, players), 0, 0, draco().id, tuple(variants)))
    frames(app, 2)
    return app, table


def finish_setup(app, table, rng: random.Random) -> None:
    """Every placement made straight through the table (hand-overs confirmed)."""
    for _ in range(5000):
        if table.controller._state.decision() == "act" and table.controller.phase != Phase.END_TURN:
            return
        if isinstance(app.scenes.top, HandOverScene):
            frames(app, 1, [key(pygame.K_RETURN)])
            continue
        if table.ending_turn():
            table.end_turn()  # the person's placements are confirmed
        decision = table.decision()
        if decision is not None:
            kind = rng.choice([a.token for a in decision.legal if isinstance(a, Select)])
            free = table.controller._state.free_squares
            table.board.play(place(kind, rng.choice(free), 0 if draco().rules.face_up_kinds[kind] else -1))
        frames(app)
    raise AssertionError("setup never ended")


def play_on(app, table, rng: random.Random, until) -> None:
    for _ in range(20000):
        if until():
            return
        if isinstance(app.scenes.top, HandOverScene):
            frames(app, 1, [key(pygame.K_RETURN)])
            continue
        if table.ending_turn() and app.scenes.top is table:
            table.end_turn()  # the person's actions are spent: End turn
        decision = table.decision()
        if decision is not None and app.scenes.top is table:
            if decision.kind == "act":
                table.board.play(rng.choice(decision.legal))
            else:
                kind = rng.choice([a.token for a in decision.legal if isinstance(a, Select)])
                table.board.play(place(kind, rng.choice(table.controller._state.free_squares),
                                 0 if draco().rules.face_up_kinds[kind] else -1))
        frames(app)
    raise AssertionError("never got there")


def can(table, kind) -> bool:
    """The person is deciding and may take an action of this kind."""
    decision = table.decision()
    return decision is not None and any(isinstance(a, kind) for a in decision.legal)


# -- the model --------------------------------------------------------------------------------------


def test_the_model_follows_the_engine_event_by_event_and_reckons_like_it():
    """Events applied to a seat's model give that seat's next view; strengths and scores are the engine's."""
    game = draco()
    for g in range(12):
        rng = random.Random(g)
        players = 2 + g % 3
        variants = [v for v in ("fast_setup", "sherpa_sacrifice", "dragon_trap") if rng.random() < 0.6]
        state = game.new_state(players, 0, rng.randrange(players), variants)
        viewer = rng.randrange(players)
        model = BoardModel.from_view(state.view(viewer), game.data)
        while not state.is_terminal():
            for event in state.apply(rng.choice(state.legal_actions())):
                seen = event.for_viewer(viewer)
                if seen is not None:
                    model.apply(seen)
            fresh = BoardModel.from_view(state.view(viewer), game.data)
            assert (model.squares, model.trophies, model.destroyed, model.supply) == \
                (fresh.squares, fresh.trophies, fresh.destroyed, fresh.supply)
            assert [fresh.score(s) for s in range(players)] == [b.total for b in state.scores()]
            # the model the events went to had its scores reckoned before them (as `fresh`): none is stale
            assert [model.score(s) for s in range(players)] == [b.total for b in state.scores()]
            for at, spot in fresh.squares.items():
                if spot.character is not None:
                    assert fresh.fighter(at).strength == state.strength(square(*at))
            model = fresh


def test_a_fight_preview_has_every_attacker_the_defender_and_the_outcome():
    game = draco()
    scene_model = tutorial_model_after("preview")
    assert scene_model.squares[(1, 7)].down_kind == "sherpa"  # peeked in the lesson
    preview = scene_model.fight_preview(0, (1, 7), Token(1, "sherpa", "N"))
    assert preview is not None
    assert [(f.token.kind, f.strength) for f in preview.attackers] == [("dragon", 4)]
    assert (preview.defender.token.kind, preview.defence, preview.outcome) == ("sherpa", 1, "win")
    assert game.data.token("sherpa").strength == 1


def tutorial_model_after(step_id: str) -> BoardModel:
    game = draco()
    lesson = tutorial.load_lesson(game)
    actions, _ = tutorial.replay(game, lesson, lesson.index(step_id))
    state = game.new_state(2, 0, lesson.first)
    for action in actions:
        state.apply(action)
    return BoardModel.from_view(state.view(0), game.data)


# -- playing with the mouse and the keyboard ----------------------------------------------------------------


def test_setup_with_the_tray_a_square_and_a_facing_arrow():
    app, table = start()
    g = table.board.gestures
    explorer_slot = table.board.tray_slot("explorer")
    click(app, explorer_slot.center)
    assert g.tray_kind == "explorer"
    target = table.board.layout.square_rect((7, 11))
    click(app, target.center)
    assert g.facing is not None and g.facing.purpose == "place"
    frames(app, 1)
    # the explorer stands in its square while its facing is chosen (facing nowhere yet)
    inner = target.inflate(-max(2, table.board.layout.square // 16), -max(2, table.board.layout.square // 16))
    picture = table.board.painter.art.character("explorer", table.decision().seat, None, inner.w)
    ring = (picture.get_width() // 2, picture.get_height() * 3 // 20)  # the top of its ring, in its colour
    assert picture.get_at(ring)[3] == 255
    shown = app.surface.get_at((target.centerx - picture.get_width() // 2 + ring[0],
                                target.centery - picture.get_height() // 2 + ring[1]))
    assert shown[:3] == picture.get_at(ring)[:3]
    screenshot(app, "draco-setup-facing")
    click(app, table.board.painter.facing_rects()["W"].center)
    frames(app, 3)
    spot = table.board.model.squares[(7, 11)]
    assert spot.character is not None and (spot.character.kind, spot.character.facing) == ("explorer", "W")
    # confirmed, the computer places; then a face-down token dragged from the tray
    table.end_turn()
    frames(app, 5)
    kind = next(k for k in g.supply() if k == "dragon")
    slot = table.board.tray_slot(kind)
    drag(app, slot.center, table.board.layout.square_rect((6, 11)).center)
    frames(app, 3)
    spot = table.board.model.squares[(6, 11)]
    assert (spot.down, spot.down_kind) == (0, "dragon")  # the person sees what their own face-down token is


def you_against_brynja(speed: str):
    """A lone person, called You as the new-game screen calls them, against Brynja, a random computer; the
    table shown."""
    app = make_app(draco(), size=(1280, 720), animation_speed=speed)
    you = Seat(tr("new_game.default_you"))
    table = app.start_game(GameSetup((you, Seat("Brynja", COMPUTER, "random")), 0, 0, draco().id, ()))
    frames(app, 2)
    return app, table


def test_the_person_called_you_is_spoken_to_as_you_on_the_table():
    """The new-game screen calls a lone person "You": the top bar says "Setup: You" (not "You places"), and
    the tips on their tokens say "Your ...", never "You's ..."."""
    app, table = you_against_brynja("instant")
    assert table.turn_text() == "Setup: You"
    table.board.play(place("explorer", square(7, 11), 0))
    frames(app, 4)
    table.end_turn()
    frames(app, 4)
    table.board.play(place("dragon", square(6, 11)))
    frames(app, 4)
    for at in ((7, 11), (6, 11)):
        frames(app, 1, [motion(table.board.layout.square_rect(at).center)])
        frames(app, 40)
        assert table.tooltip is not None
        assert "You's" not in table.tooltip.title + table.tooltip.subtitle
    assert table.tooltip.title == "Your face-down token"
    frames(app, 1, [motion(table.board.layout.square_rect((7, 11)).center)])
    frames(app, 40)
    assert table.tooltip.subtitle == "Your token, square [7, 11]"
    screenshot(app, "draco-tip-your-token")


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_a_lands_tip_tells_each_rule_once_with_the_datas_numbers(language):
    """A land's tip is its numbers from the data (strength, who may enter, bonuses, every scoring line that
    names it), each said once: no second sentence repeating them."""
    from drako_desktop.games.draco_mundis.ui.tips import supply_tooltip

    app = make_app(draco(), size=(1280, 720), language=language)
    data = draco().data
    for land in data.lands:
        lines = supply_tooltip(data, land.id).lines
        assert len(set(lines)) == len(lines)
    campsite = supply_tooltip(data, "campsite").lines
    tiger = supply_tooltip(data, "tiger").lines
    for points, tip in (("+7", campsite), ("+5", campsite), ("−5", tiger)):  # the scoring lines naming them
        assert sum(points in words for words in tip) == 1
    if language == "zh-TW":
        assert campsite[0] == "只有記者和獵人（自己的）可以進入。"  # no space before a full-width bracket
    if language == "en":
        assert campsite == ("Only the journalist and hunter (his own) may enter.",
                            "Hunter in his own campsite: +1 strength.",
                            "At the end: +7 to the player whose journalist stands on it, if it is another player's.",
                            "An enemy SS307 next to it may destroy it: +5 at the end to the destroyer.")
        assert tiger == ("Nobody may enter (the biplane flies over).",
                         "At the end: −5 to its owner if it is next to its owner's face-up campsite.")
        assert supply_tooltip(data, "swamp").lines == ("Strength of the character on it −1",
                                                        "Every character may enter (and must stop there).")
    app.close()


def test_a_trap_on_a_land_says_whose_land_it_stands_on():
    """The tip of a trap lying on a land names the land's owner (it said "Stands on {whose} jungle.")."""
    from dataclasses import replace

    from drako_desktop.games.draco_mundis.board import BoardModel
    from drako_desktop.games.draco_mundis.ui.tips import square_tooltip
    from drako_desktop.games.draco_mundis.view import SquareView, Token

    data = draco().data
    view = draco().new_state(2, 0, 0, ("dragon_trap",)).view(0)
    trapped = SquareView((3, 8), land=Token(1, "jungle"), trap=Token(0, "trap"))
    model = BoardModel.from_view(replace(view, squares=(*view.squares, trapped)), data)
    tip = square_tooltip(data, model, (3, 8), ["You", "Brynja"])
    assert tip is not None and tip.title == "Dragon trap"
    assert "Stands on Brynja's jungle." in tip.lines


def test_illegal_attempts_are_refused_with_the_engines_reason():
    app, table = start()
    click(app, table.board.tray_slot("dragon").center)
    assert table.board.layout.square_at(table.board.layout.square_rect((0, 2)).center) is None  # out of play: not drawn
    problem = table.why_illegal(place("dragon", square(0, 2)))
    table.board.refuse(problem)
    assert table.toast is not None and table.toast[0] == "That square is not on the board in use."
    click(app, table.board.layout.square_rect((0, 8)).center)
    frames(app, 4)
    table.end_turn()  # the placement confirmed
    frames(app, 4)
    click(app, table.board.tray_slot("mountain").center)
    occupied = next(at for at, s in table.board.model.squares.items() if s.down >= 0)
    click(app, table.board.layout.square_rect(occupied).center)
    assert table.toast[0] == "That square is not free."


def test_keyboard_only_play_covers_setup_and_turns():
    app, table = start(variants=("fast_setup",))
    rng = random.Random(3)
    g = table.board.gestures
    # setup by keys: Tab picks a token, the arrows move the cursor, Enter places, an arrow gives the facing
    frames(app, 1, [key(pygame.K_TAB)])
    assert g.tray_kind == g.supply()[0] == "explorer"
    frames(app, 1, [key(pygame.K_RETURN)])
    assert g.facing is not None
    cursor = g.cursor
    frames(app, 1, [key(pygame.K_UP)])
    frames(app, 3)
    assert table.board.model.squares[cursor].character.facing == "N"
    finish_setup(app, table, rng)
    play_on(app, table, rng, lambda: can(table, Move))
    own = g.own_characters()
    frames(app, 1, [key(pygame.K_TAB)])
    assert g.selected == own[0]
    moves = [a for a in table.decision().legal if isinstance(a, Move)]
    mover = divmod(moves[0].origin, 12)
    while g.selected != mover:
        frames(app, 1, [key(pygame.K_TAB)])
    target = divmod(moves[0].target, 12)
    for _ in range(30):  # walk the cursor to the target
        if g.cursor == target:
            break
        dr, dc = target[0] - g.cursor[0], target[1] - g.cursor[1]
        step = pygame.K_DOWN if dr > 0 else pygame.K_UP if dr < 0 else pygame.K_RIGHT if dc > 0 else pygame.K_LEFT
        frames(app, 1, [key(step)])
    actions = len(table.controller.actions)
    frames(app, 1, [key(pygame.K_RETURN)])
    frames(app, 3)
    assert table.controller.actions[actions] == moves[0]
    # T turns the selected character, an arrow key says where
    while table.decision() is None:
        frames(app)
    if table.decision().kind == "act" and table.board.model.current == 0:
        g.selected = divmod(moves[0].target, 12)
        facing = table.board.model.squares[g.selected].character.facing
        other = next(k for k, f in ((pygame.K_UP, "N"), (pygame.K_RIGHT, "E"), (pygame.K_DOWN, "S"),
                                    (pygame.K_LEFT, "W")) if f != facing)
        frames(app, 1, [key(pygame.K_t)])
        assert g.facing is not None and g.facing.purpose == "rotate"
        frames(app, 1, [key(other)])
        frames(app, 3)
        assert table.board.model.squares[g.selected or divmod(moves[0].target, 12)].character.facing != facing


def test_a_character_is_moved_by_dragging_and_a_menu_offers_peek_or_reveal():
    app, table = start()
    rng = random.Random(11)
    finish_setup(app, table, rng)
    g = table.board.gestures
    play_on(app, table, rng, lambda: can(table, Peek) and can(table, Move))
    decision = table.decision()
    peek = next(a for a in decision.legal if isinstance(a, Peek))
    at = divmod(peek.at, 12)
    click(app, table.board.layout.square_rect(at).center)
    assert g.menu is not None and g.menu.options[:2] == ["peek", "reveal"]
    screenshot(app, "draco-menu")
    frames(app, 1, [key(pygame.K_2)])  # Reveal: then the facing
    assert g.facing is not None and g.facing.purpose == "reveal"
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert g.facing is None and len(table.controller.actions) == len(table.controller.actions)
    move = next(a for a in table.decision().legal if isinstance(a, Move))
    before = len(table.controller.actions)
    drag(app, table.board.layout.square_rect(divmod(move.origin, 12)).center,
         table.board.layout.square_rect(divmod(move.target, 12)).center)
    assert table.controller.actions[before] == move


def test_a_character_dragged_where_it_cannot_go_is_refused_with_its_moves_reason():
    """Dropping a character on the face-down token next to it (a square one may peek at or reveal) says why
    it cannot move there, not "Nothing can be done there now"."""
    app, table = start(size=(1280, 720))
    rng = random.Random(11)
    finish_setup(app, table, rng)
    play_on(app, table, rng, lambda: can(table, Peek))
    peek = next(a for a in table.decision().legal if isinstance(a, Peek))
    at = divmod(peek.at, 12)
    mover = next(c for c in table.board.gestures.own_characters() if abs(c[0] - at[0]) + abs(c[1] - at[1]) == 1)
    actions = len(table.controller.actions)
    drag(app, table.board.layout.square_rect(mover).center, table.board.layout.square_rect(at).center)
    assert len(table.controller.actions) == actions
    assert table.toast is not None and table.toast[0] == "That square is not free."
    app.close()


def test_the_lesson_is_only_offered_for_the_rules_it_was_written_for(tmp_path):
    assert tutorial.available(draco())
    folder = tmp_path / "house"
    shutil.copytree(draco().folder, folder)
    names = (folder / "tokens.yaml").read_text()
    (folder / "tokens.yaml").write_text(names.replace('text: "May enter', 'text: "Can enter'))
    assert tutorial.available(load("draco-mundis", folder))  # words are no rule
    # every scripted action stays legal with dearer jungles, but the lesson's scores would be wrong
    points = (folder / "scoring.yaml").read_text().replace("land: jungle, points: 2", "land: jungle, points: 3")
    (folder / "scoring.yaml").write_text(points)
    house = load("draco-mundis", folder)
    assert tutorial.problems(house, tutorial.load_lesson(draco())) == []
    assert not tutorial.available(house)
    with pytest.raises(tutorial.TutorialError, match="rules: the lesson was written for other rules"):
        tutorial.load_lesson(house)
    (folder / tutorial.FILE).unlink()
    assert not tutorial.available(load("draco-mundis", folder))


def test_hovering_a_fight_shows_the_preview_and_the_lesson_teaches_it(tmp_path):
    app = make_app(draco(), size=(1280, 720), animation_speed="instant")
    lesson = tutorial.load_lesson(draco())
    assert tutorial.problems(draco(), lesson) == []
    scene = app.scenes.replace_all(lesson_table(app, lesson, lesson.index("preview")))
    frames(app, 3)
    frames(app, 1, [motion(scene.board.layout.square_rect((1, 7)).center)])
    frames(app, 90)
    assert scene.step.id == "fight"  # pointing long enough at the sherpa was the step
    screenshot(app, "draco-fight-preview")
    # the wrong action is refused and explained; the right one goes on
    scene.board.play(Reveal(square(1, 7), 0))
    assert scene.hint == tutorial_step_text("fight", "wrong")
    scene.board.play(Reveal(square(1, 7), 2))
    frames(app, 5)
    assert lesson.index(scene.step.id) > lesson.index("fight")
    assert scene.board.model.trophies[0] and scene.board.model.trophies[0][0].kind == "sherpa"


def test_a_lesson_step_whose_action_has_no_square_points_at_the_steps_own_squares():
    # Pass (like Select) names no square: the lesson file's `squares` are what is pointed at, not a crash
    app = make_app(draco(), size=(1280, 720), animation_speed="instant")
    lesson = tutorial.load_lesson(draco())
    at = lesson.index("fight")
    steps = list(lesson.steps)
    steps[at] = tutorial.Step("fight", "do", squares=((1, 7),), action=Pass())
    scene = app.scenes.replace_all(lesson_table(app, replace(lesson, steps=tuple(steps)), at))
    frames(app, 2)
    assert scene.guide.pointed() == [scene.board.layout.square_rect((1, 7))] and app.crashes == []


def tutorial_step_text(step: str, part: str) -> str:
    from drako_desktop.games.draco_mundis.ui.tutorial_scene import step_text

    return step_text(draco().data, step, part)


def follow_the_lesson(app, after_action=lambda step: None, each_frame=lambda scene: None,
                      stop_at: str = "") -> LessonTable:
    """Go through the whole lesson as a player would (`after_action` looks at the table after each action,
    `each_frame` after each frame), or up to the step `stop_at`, its action not taken yet."""
    scene = app.scenes.replace_all(lesson_table(app, tutorial.load_lesson(draco()), 0))
    for _ in range(3000 if stop_at else 400):
        frames(app)
        each_frame(scene)
        step = scene.step
        if step.kind == "end" or step.id == stop_at and scene.decision() is not None:
            break
        if step.kind == "read" and scene.choreo.idle:
            frames(app, 1, [key(pygame.K_RETURN)])
        elif step.kind == "hover" and scene.decision() is not None:
            scene.board.gestures.mouse = scene.board.layout.square_rect(step.squares[0]).center
        elif step.kind == "do" and scene.decision() is not None:
            scene.board.play(step.action)
            after_action(step)
    return scene


def test_the_whole_lesson_can_be_followed_to_its_end():
    app = make_app(draco(), size=(1280, 720), animation_speed="instant")
    scene = follow_the_lesson(app)
    assert scene.step.kind == "end" and app.crashes == []
    assert scene.board.model.score(0) == 2  # the sherpa (a trophy) and the explorer (a prisoner)
    # The lesson passes turns by itself; its first turn watched says that in a game End turn passes one.
    first_watched = next(step for step in scene.guide.lesson.steps if step.kind == "watch")
    assert "End turn (E)" in scene.text("text", first_watched)
    # The numbers it quotes are the data's.
    assert "your dragon 4 against the sherpa 1" in tutorial_step_text("preview", "text")
    assert "dragons eliminated (+3)" in tutorial_step_text("scoring", "text")
    assert "and −5 for your tiger" in tutorial_step_text("scoring", "text")


def test_the_lesson_quotes_the_numbers_of_its_card_folder(tmp_path):
    """A card folder may change the points and strengths: the lesson's words follow the data."""
    from conftest import copy_of, replace_text
    from drako_desktop.games.draco_mundis.ui.tutorial_scene import step_text

    folder = copy_of("draco-mundis", tmp_path)
    replace_text(folder / "scoring.yaml", "tokens: [dragon], points: 3}", "tokens: [dragon], points: 6}")
    data = load("draco-mundis", folder).data
    assert "dragons eliminated (+6)" in step_text(data, "scoring", "text")
    assert "{" not in "".join(step_text(data, step.id, part) for step in tutorial.load_lesson(draco()).steps
                              for part in ("title", "text", "wrong"))


# -- people at one screen ----------------------------------------------------------------------------------


def test_hand_over_between_two_people_but_never_with_one_person_and_computers():
    app, table = start(players=3, people=2)
    assert isinstance(app.scenes.top, HandOverScene)  # the first person takes the screen
    screenshot(app, "draco-hand-over")
    screenshot(app, "draco-hand-over-grey", grey=True)
    frames(app, 1, [key(pygame.K_RETURN)])
    assert app.scenes.top is table and table.viewer == 0
    table.board.play(place("dragon", table.controller._state.free_squares[0]))
    frames(app, 4)
    table.end_turn()
    frames(app, 4)
    assert isinstance(app.scenes.top, HandOverScene) and app.scenes.top.seat == 1
    frames(app, 1, [key(pygame.K_RETURN)])
    assert table.viewer == 1
    app, table = start(players=4, people=1)
    rng = random.Random(5)
    play_on(app, table, rng, lambda: table.controller._state.turn >= 3)
    assert table.viewer == 0


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_hand_over_screen_keeps_a_name_on_one_line(monkeypatch, language):
    """At 1280 x 720 the hand-over's words broke "Player 1" across two lines ("... Player" / "1, when only you
    are looking ..."): a name is wrapped as one word."""
    app = make_app(draco(), size=(1280, 720), animation_speed="instant", language=language)
    names = (tr("new_game.player_n", n=1), tr("new_game.player_n", n=2))
    app.start_game(GameSetup((Seat(names[0]), Seat(names[1])), 0, 0, draco().id))
    blocks: list[tuple] = []
    original = Text.block

    def noted(self, words, role, size, colour, width, *args, **options):
        blocks.append((words, role, size, width))
        return original(self, words, role, size, colour, width, *args, **options)

    monkeypatch.setattr(Text, "block", noted)
    frames(app, 2)
    assert isinstance(app.scenes.top, HandOverScene)
    words, role, size, width = next(b for b in blocks if "1" in b[0])
    lines = app.ctx.text.wrap(words, role, size, width)
    assert len(lines) > 1 and any(names[0].replace(" ", "\u00a0") in line for line in lines), lines
    screenshot(app, f"draco-hand-over-name-{language}")
    app.close()


def test_with_two_people_nobody_is_called_you():
    """The new-game screen calls a lone person "You"; made a two-person game by the keyboard, that seat is
    "Player 1" (its name field says so), and the hand-over screen is for Player 1, not "You"."""
    from drako_desktop.ui.scenes.new_game import ColourDisc, NewGameScene
    from drako_desktop.ui.widgets import TextField

    app = make_app(draco(), size=(1280, 720), animation_speed="instant")
    app.open_new_game()
    frames(app, 2)
    screen = app.scenes.top
    assert isinstance(screen, NewGameScene) and screen.seat_name(0) == "You"
    assert screen.screen_text() == tr("new_game.screen_alone")  # the new-game screen says who will look
    screen.widgets.focus = screen.widgets.widgets.index(screen.seat_kind_choice(1))
    for _ in range(6):
        if screen.kinds[1] == "human":
            break
        frames(app, 1, [key(pygame.K_LEFT)])
    assert screen.kinds[1] == "human"
    frames(app, 1)
    fields = [w.value for w in screen.widgets.widgets if isinstance(w, TextField)]
    # the seat made a person drops the computer's name
    assert fields == ["Player 1", "Player 2"] and [s.name for s in screen.setup().seats] == ["Player 1", "Player 2"]
    assert screen.seat_widget(1, ColourDisc).person  # the seat's disc shows a person now, not a computer
    assert screen.screen_text() == tr("new_game.screen_shared", count=2)
    screenshot(app, "draco-new-game-two-people")
    screen.set_first(0)
    screen.start()
    frames(app, 2)
    assert isinstance(app.scenes.top, HandOverScene) and app.scenes.top.name == "Player 1"
    app.close()


def test_a_saved_games_lines_stay_inside_its_row_in_chinese(monkeypatch):
    """The Load list's row of a saved Draco Mundis game at 1280 x 720 in Chinese: when, which turn, which
    game; its three tall lines all inside the row (the game's name was cut by the row's bottom edge)."""
    from drako_desktop.ui.scenes import load as load_screen

    app = make_app(draco(), size=(1280, 720), animation_speed="instant", persist=True, language="zh-TW")
    table = app.start_game(GameSetup(seats(1, 2), 0, 0, draco().id, ()))
    frames(app, 2)
    table.board.play(place("dragon", table.controller._state.free_squares[0]))
    frames(app, 4)
    app.main_menu()
    app.open_load()
    frames(app, 2)
    row = next(w for w in app.scenes.top.widgets.widgets if isinstance(w, load_screen.SaveRow))
    drawn: list[pygame.Rect] = []
    blit = load_screen.blit_at

    def noted(surface, picture, anchor, at, **options):
        rect = blit(surface, picture, anchor, at, **options)
        drawn.append(rect)
        return rect

    monkeypatch.setattr(load_screen, "blit_at", noted)
    row.draw(app.surface, app.ctx, False, False)
    assert len(drawn) >= 3 and all(row.rect.contains(rect) for rect in drawn), (row.rect, drawn)
    screenshot(app, "draco-load-zh-TW")
    app.close()


def words_drawn(monkeypatch, app, n: int = 1) -> list[str]:
    """The titles and paragraphs drawn in the next `n` frames (made afresh or taken from the text cache)."""
    shown: list[str] = []
    with monkeypatch.context() as patch:
        for name in ("fitted", "block"):
            original = getattr(Text, name)

            def noted(self, words, *args, original=original, **options):
                shown.append(words)
                return original(self, words, *args, **options)

            patch.setattr(Text, name, noted)
        frames(app, n)
    return shown


def test_ones_own_action_playing_out_is_still_ones_turn(monkeypatch):
    """While the person's own move plays out the panel keeps "Your turn" (not "While the others play", with
    "You are next." below)."""
    app, table = you_against_brynja("normal")
    rng = random.Random(0)
    finish_setup(app, table, rng)
    play_on(app, table, rng, lambda: table.board.model.actions_left == 2 and can(table, Move))
    table.board.play(next(a for a in table.decision().legal if isinstance(a, Move)))
    words = words_drawn(monkeypatch, app, 2)
    assert table.decision() is None and not table.choreo.idle  # the move is playing out
    assert tr("draco_table.how_title") in words and tr("draco_table.watch_title") not in words
    assert table.status_text() == tr("draco_table.status.act")
    app.close()


def test_after_the_last_reveal_the_status_says_the_game_ends_with_this_turn():
    app, table = you_against_brynja("instant")
    rng = random.Random(0)
    finish_setup(app, table, rng)
    state = table.controller._state

    def one_token_left() -> bool:
        return (len(state.down_squares) == 1 and table.board.model.actions_left == 2
                and any(isinstance(a, (Reveal, RevealAny)) for a in table.decision().legal)) \
            if table.decision() is not None else False

    play_on(app, table, rng, lambda: one_token_left() or not state.down_squares)
    assert state.down_squares, "the person never got to reveal the last token with an action to spare"
    table.board.play(next(a for a in table.decision().legal if isinstance(a, (Reveal, RevealAny))))
    while table.decision() is None:
        frames(app)
    assert table.board.model.last_turn and table.board.model.actions_left == 1
    assert table.status_text() == tr("draco_table.status.act_last", count=1)
    screenshot(app, "draco-last-turn")
    app.close()


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_panel_says_your_turn_only_when_a_person_at_the_screen_plays(monkeypatch, language):
    app, table = start(players=2, people=0, language=language, speed="normal")
    your_turn, watching = tr("draco_table.how_title"), tr("draco_table.watch_title")
    words = words_drawn(monkeypatch, app, 3)
    assert tr("draco_table.watch_computers_title") in words and tr("draco_table.how_watch_computers") in words
    assert your_turn not in words and watching not in words
    screenshot(app, f"draco-computers-only-{language}")
    app.close()
    app, table = start(players=2, people=1, language=language, speed="normal")
    rng = random.Random(2)
    play_on(app, table, rng, lambda: table.controller._state.decision() == "act" and table.decision() is not None)
    words = words_drawn(monkeypatch, app)
    assert your_turn in words and watching not in words
    # the computer's turn as the table shows it (the person's last action played out and the turn ended)
    play_on(app, table, rng, lambda: table.controller._state.decision() == "act" and table.board.model.current)
    words = words_drawn(monkeypatch, app)
    assert watching in words and your_turn not in words
    assert tr("draco_table.how_watch") in words
    app.close()


def test_undo_takes_back_a_move_but_not_a_peek():
    app, table = start()
    rng = random.Random(2)
    finish_setup(app, table, rng)
    play_on(app, table, rng, lambda: table.board.model.actions_left == 2 and can(table, Move) and can(table, Peek))
    actions = len(table.controller.actions)
    table.board.play(next(a for a in table.decision().legal if isinstance(a, Move)))
    frames(app, 3)
    assert table.undo_target() is not None
    frames(app, 1, [key(pygame.K_z, pygame.KMOD_CTRL)])
    frames(app, 2)
    assert len(table.controller.actions) == actions
    table.board.play(next(a for a in table.decision().legal if isinstance(a, Peek)))
    frames(app, 3)
    assert table.undo_target() is None


def test_a_game_ends_on_the_score_sheet_with_every_line():
    app, table = start(players=2, people=1)
    rng = random.Random(8)
    play_on(app, table, rng, lambda: app.scenes.find(ScoreSheet) is not None)
    sheet = app.scenes.find(ScoreSheet)
    frames(app, 60)
    assert sheet.scores[0].categories == tuple(line.id for line in draco().data.lines)
    assert app.crashes == []
    screenshot(app, "draco-score-sheet")


def test_the_score_sheet_tells_you_that_you_win(monkeypatch):
    """The lone person called You who wins reads "You win!", not "You wins!"."""
    app, table = you_against_brynja("instant")
    play_on(app, table, random.Random(8), lambda: app.scenes.find(ScoreSheet) is not None)
    sheet = app.scenes.find(ScoreSheet)
    sheet.winners = [0]  # whoever won this game: the headline as it reads for You
    words = words_drawn(monkeypatch, app, 120)
    assert "You win!" in words and "You wins!" not in words
    sheet.winners = [1]
    assert sheet.headline() == "Brynja wins!"
    app.close()


def test_the_tie_break_is_explained():
    lines = tuple(line.id for line in draco().data.lines)
    tied = [Breakdown(lines, (0, 0, 3, 1, 0, 0, 0), (1, 2)), Breakdown(lines, (0, 0, 0, 4, 0, 0, 0), (0, 4))]
    words = tie_break_text(draco(), ["Ana", "Brynja"], tied, [0])
    assert words == "Ana and Brynja are tied on 4 points. On dragons eliminated, Ana has 1, more than Brynja (0)."
    same = [Breakdown(lines, (0,) * 7, (0, 0)), Breakdown(lines, (0,) * 7, (0, 0))]
    assert "shared victory" in tie_break_text(draco(), ["Ana", "Brynja"], same, [0, 1])
    assert tie_break_text(draco(), ["Ana", "Brynja"], [tied[0], same[0]], [0]) == ""
    # The lone person called You is spoken to: "you have", not "You has".
    assert tie_break_text(draco(), ["You", "Brynja"], tied, [0]).endswith(
        "On dragons eliminated, you have 1, more than Brynja (0).")


def test_three_and_four_way_ties_name_each_deciding_count():
    lines = tuple(line.id for line in draco().data.lines)

    def scored(dragons: int, characters: int) -> Breakdown:
        return Breakdown(lines, (0, 0, 0, 5, 0, 0, 0), (dragons, characters))

    names = ["Ana", "Bo", "Cy", "Dag"]
    # Ana and Bo have as many dragons: the dragons put Cy out, the characters decide between Ana and Bo.
    words = tie_break_text(draco(), names[:3], [scored(1, 2), scored(1, 3), scored(0, 4)], [1])
    assert words == ("Ana, Bo and Cy are tied on 5 points. On dragons eliminated, Ana and Bo have 1 each, "
                     "more than Cy (0). On characters eliminated, Bo has 3, more than Ana (2).")
    words = tie_break_text(draco(), names, [scored(2, 1), scored(1, 5), scored(2, 1), scored(0, 0)], [0, 2])
    assert words == ("Ana, Bo, Cy and Dag are tied on 5 points. On dragons eliminated, Ana and Cy have 2 each, "
                     "more than Bo (1) and Dag (0). Ana and Cy are equal on every count: a shared victory.")


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_screenshots_mid_game(language):
    for players in (2, 4):
        app, table = start(players=players, people=1, language=language)
        rng = random.Random(players)
        play_on(app, table, rng,
                lambda t=table, n=players: t.controller._state.turn >= 6 * n and t.decision() is not None)
        own = table.board.gestures.own_characters()
        if own:
            table.board.gestures.selected = own[0]
            table.refresh_buttons()
        frames(app, 2)
        screenshot(app, f"draco-{language}-{players}p")
        if language == "en" and players == 4:
            screenshot(app, "draco-en-4p-grey", grey=True)
        assert app.crashes == []


def test_owners_are_told_apart_without_colour():
    """In greyscale every owner's back, mark and character ring still differ (pattern and mark), and
    every kind of token differs from every other (its picture)."""
    from drako_desktop.games.draco_mundis.ui import token_pictures

    app, _ = start(players=4)
    art = token_pictures(app.ctx)

    def grey(surface: pygame.Surface) -> bytes:
        return pygame.image.tobytes(pygame.transform.grayscale(surface), "RGBA")

    for pictures in ([art.back(o, 64) for o in range(4)], [art.mark(o, 24) for o in range(4)],
                     [art.character("dragon", o, "N", 64) for o in range(4)]):
        assert len({grey(p) for p in pictures}) == 4
    kinds = [t.id for group in (draco().data.characters, draco().data.lands) for t in group]
    assert len({grey(art.character(k, 0, None, 64)) if k in {c.id for c in draco().data.characters}
                else grey(art.land(k, 0, 64)) for k in kinds}) == len(kinds)


def test_tokens_in_motion_are_scaled_from_kept_pictures_not_drawn_and_kept_at_every_size():
    # A token coming down, turning over or shrinking away, or a mark pulsing, changes size every frame: a picture
    # drawn and kept at each of those sizes cost a millisecond or more a frame at 4K and kept growing all game.
    app, table = start(players=2, people=0, speed="normal")
    for _ in range(6000):  # the setup's tokens come down
        if table.controller._state.decision() == "act":
            break
        frames(app)
    frames(app, 600)  # turns: tokens turned over, moving, fighting
    assert table.controller._state.decision() == "act" and table.board.model.turn > 1
    sizes: dict[tuple, set[int]] = {}
    for picture in app.ctx.art._cache:
        if picture[0] == "draco" and picture[2] in ("back", "char"):
            sizes.setdefault(picture[2:-1], set()).add(picture[-1])
        if picture[0] == "draco" and picture[2] == "action":  # a mark pulsing where an action happened
            sizes.setdefault(picture[2:4], set()).add(picture[4])
    backs = [found for picture, found in sizes.items() if picture[0] == "back"]
    assert backs and all(len(found) <= 2 for found in backs), sizes  # on a square at rest, and in motion
    # Also on a land, and a prisoner.
    assert all(len(found) <= 4 for found in sizes.values()), {p: f for p, f in sizes.items() if len(f) > 4}


def test_the_keyboards_cursor_on_the_character_it_selected_shows_no_tip_over_its_targets():
    # The side panel shows the selected character's card; a tip on its square covered the squares around it.
    app, table = start()
    rng = random.Random(3)
    finish_setup(app, table, rng)
    play_on(app, table, rng, lambda: can(table, Move))
    g = table.board.gestures
    frames(app, 1, [key(pygame.K_TAB)])
    assert g.selected is not None and g.cursor == g.selected
    frames(app, 90)  # a second and a half: longer than a tip waits
    assert table.tooltip is None
    row, col = g.cursor
    frames(app, 1, [key(pygame.K_LEFT if col > 6 else pygame.K_RIGHT)])
    frames(app, 90)
    assert g.cursor != g.selected and table.tooltip is not None  # elsewhere the cursor's tip still comes
