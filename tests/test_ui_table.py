"""The table played through synthetic pygame events under the dummy video driver.

Every game here is driven like a person would: mouse drags, clicks and keys on
the positions the table shows. Computer seats think inline, time advances by a
fixed dt, and nothing waits on the wall clock.
"""

from __future__ import annotations

import random

import pygame
import pytest

from conftest import aetherya_game
from drako_desktop.controller.game import COMPUTER, GameSetup, Phase, Seat
from drako_desktop.games.aetherya_pocket.engine import CENTRE
from drako_desktop.games.aetherya_pocket.ui.gestures import Held
from drako_desktop.games.aetherya_pocket.ui.layout import layout_problems
from drako_desktop.games.aetherya_pocket.ui.model import FACE_DOWN, TableModel
from drako_desktop.ui import fonts
from drako_desktop.ui.scenes.scores import ScoreSheet
from ui_support import click, drag, frames, key, make_app, motion, take_screen

MAX_FRAMES = 40_000


def start(rules, seats, seed=3, size=(1600, 900), speed="fast", first=0, **settings):
    aetherya = aetherya_game()
    app = make_app(aetherya, size=size, animation_speed=speed, **settings)
    table = app.start_game(GameSetup(tuple(seats), seed, first))
    return app, table


def human_vs_computer(rules, seed=3, **kw):
    return start(rules, [Seat("Ana"), Seat("Brynja", COMPUTER, "random")], seed=seed, **kw)


def wait_for_person(app, table, limit=MAX_FRAMES):
    """Run frames until the table waits for a person (or the game is over)."""
    for _ in range(limit):
        if table.decision() is not None or app.scenes.find(ScoreSheet) is not None:
            return table.decision()
        if table.ending_turn():
            table.end_turn()  # the person's turn is over: End turn
        if not take_screen(app):
            frames(app)
    raise AssertionError("the table never asked the person")


def centre_of(table, key):
    return table.board.rect_of(key).center


def legal_cells(table, source=None):
    """The places the held card (or the card at `source`, if given) may go."""
    g = table.board.gestures
    targets = g.targets() if source is None else g.targets_for(Held(source, g.pickable(source)))
    return [k for k, reason in targets.items() if reason is None and k[0] == "cell"]


def snapshot(table):
    model = table.board.model
    return (list(table.controller.actions), [row[:] for row in model.kingdoms], list(model.discard), model.drawn)


def arrange_by_dragging(app, table):
    seat = table.decision().seat
    for cell in CENTRE:
        drag(app, centre_of(table, ("hand", 0)), centre_of(table, ("cell", seat, cell)))
    assert not table.board.gestures.hand()
    confirm = next(w for w in table.widgets.widgets if w.label == "Confirm")
    click(app, confirm.rect.center)


def play_turn_by_dragging(app, table, rng):
    """One decision of the person, with drags only (and a click to reveal or end the turn)."""
    decision = table.decision()
    seat = decision.seat
    if decision.kind == "arrange":
        arrange_by_dragging(app, table)
        return
    claims = sorted(table.board.claimable_now())
    if decision.kind == "turn-start":
        if claims and rng.random() < 0.7:
            slot = table.board.model.legend_row.index(claims[0])
            drag(app, centre_of(table, ("legend", slot)), centre_of(table, ("cell", seat, 5)))
            return
        if rng.random() < 0.4:
            drag(app, centre_of(table, ("discard",)), centre_of(table, rng.choice(legal_cells(table, ("discard",)))))
            return
        draw = centre_of(table, ("draw",))
        drag(app, draw, (draw[0], draw[1] + 30))  # pull a card off the draw pile
        return
    if decision.kind in ("after-draw", "after-take-discard"):
        can_reveal = any(a.kind == "reveal" for a in decision.legal)
        if can_reveal and rng.random() < 0.35:
            drag(app, centre_of(table, ("drawn",)), centre_of(table, ("discard",)))
            assert table.board.gestures.discarding
            face_down = [i for i, t in enumerate(table.board.model.kingdoms[seat]) if t == FACE_DOWN]
            click(app, centre_of(table, ("cell", seat, rng.choice(face_down))))
            return
        drag(app, centre_of(table, ("drawn",)), centre_of(table, rng.choice(legal_cells(table, ("drawn",)))))
        return
    if decision.kind == "after-place":
        if claims and rng.random() < 0.8:
            slot = table.board.model.legend_row.index(claims[0])
            drag(app, centre_of(table, ("legend", slot)), centre_of(table, ("cell", seat, 0)))
        else:
            end = next(w for w in table.widgets.widgets if w.label == "End turn")
            click(app, end.rect.center)


def test_full_game_human_against_computer_by_drag_and_drop(rules):
    app, table = human_vs_computer(rules, seed=11)
    rng = random.Random(4)
    for _ in range(400):
        decision = wait_for_person(app, table)
        if decision is None:
            break
        before = len(table.controller.actions)
        play_turn_by_dragging(app, table, rng)
        assert len(table.controller.actions) > before, f"a gesture in {decision.kind} changed nothing"
    sheet = app.scenes.find(ScoreSheet)
    assert sheet is not None, "the game did not reach the score sheet"
    state = table.controller._state
    assert [b.total for b in sheet.scores] == [b.total for b in state.scores()]
    assert [table.board.score(s) for s in range(2)] == [b.total for b in state.scores()]
    assert table.board.model.matches(state.view(0))
    frames(app, 240)
    assert all(sheet.shown(0, b.total) == b.total for b in state.scores())
    app.close()


def first_turn(rules, seed=3, **kw):
    """A 2-player game (person first) advanced to the person's first real turn."""
    app, table = human_vs_computer(rules, seed=seed, **kw)
    wait_for_person(app, table)
    frames(app, 1, [key(pygame.K_RETURN)])  # accept the offered arrangement
    decision = wait_for_person(app, table)
    assert decision.kind == "turn-start"
    return app, table


def find_refused_cell(table, seat):
    return next((k for k, reason in table.board.gestures.targets().items() if reason is not None), None)


def test_illegal_drops_are_refused_and_change_nothing(rules):
    # Seed chosen so that the discard's type matches a face-up card of the centre (a same-type refusal).
    for seed in range(1, 60):
        app, table = first_turn(rules, seed=seed)
        seat = table.decision().seat
        top = table.board.model.discard_top
        centre = [table.board.model.kingdoms[seat][i] for i in CENTRE]
        if top in centre:
            break
        app.close()
    else:
        pytest.fail("no seed puts the discard's type in the person's centre")
    cell = CENTRE[centre.index(top)]
    before = snapshot(table)
    drag(app, centre_of(table, ("discard",)), centre_of(table, ("cell", seat, cell)))
    assert snapshot(table) == before
    assert table.toast is not None and "Same type" in table.toast[0]
    drag(app, centre_of(table, ("discard",)), (5, 450))  # dropped on nothing: back to the pile
    frames(app, 30)
    assert snapshot(table) == before and table.board.gestures.held is None
    app.close()


def test_locked_cells_refuse_with_the_reason_shown_while_hovering(rules):
    app, table = first_turn(rules, seed=5)
    seat = table.decision().seat
    table.board.model.kingdoms[seat][5] = "dragon"  # the hover explanation only reads the shown card
    table.controller._state.kingdoms[seat][5] = rules.type_index["dragon"]
    table.controller._state._turn_face_up(seat, 5)
    table.controller._state._legal = None
    start_pos = centre_of(table, ("discard",))
    target = centre_of(table, ("cell", seat, 5))
    frames(app, 1, [motion(start_pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1)])
    frames(app, 1, [motion(target, (1, 0, 0))])
    assert table.board.gestures.targets()[("cell", seat, 5)] == "locked"
    assert "Locked" in table.board.gestures.reason_text("locked", ("cell", seat, 5))
    before = list(table.controller.actions)
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1)])
    assert table.controller.actions == before
    app.close()


def test_click_to_select_then_click_to_place(rules):
    app, table = first_turn(rules)
    seat = table.decision().seat
    click(app, centre_of(table, ("discard",)))
    assert table.board.gestures.held is not None and not table.board.gestures.held.dragging
    cell = legal_cells(table)[0]
    card = table.board.model.discard_top
    done = len(table.controller.actions)
    click(app, centre_of(table, cell))
    frames(app, 120)
    assert table.board.model.kingdoms[seat][cell[2]] == card
    assert [a.kind for a in table.controller.actions[done:done + 2]] == ["take-discard", "place"]
    app.close()


def test_draw_by_click_then_place_by_click(rules):
    app, table = first_turn(rules)
    click(app, centre_of(table, ("draw",)))
    decision = wait_for_person(app, table)
    assert decision.kind in ("after-draw", "after-take-discard")
    assert table.board.gestures.held is not None and table.board.gestures.held.source == ("drawn",)  # picked up for you
    cell = legal_cells(table)[0]
    card = table.board.model.drawn
    click(app, centre_of(table, cell))
    frames(app, 120)
    assert table.board.model.kingdoms[decision.seat][cell[2]] == card
    app.close()


def test_keyboard_only_turn(rules):
    app, table = human_vs_computer(rules, seed=8)
    wait_for_person(app, table)
    frames(app, 1, [key(pygame.K_RETURN)])  # setup: accept the offered order
    wait_for_person(app, table)
    seat = table.decision().seat
    # The focus starts on the draw pile: Enter draws, the card is picked up, the focus jumps to a legal place.
    frames(app, 1, [key(pygame.K_UP)])
    assert table.board.gestures.focus == ("draw",)
    frames(app, 1, [key(pygame.K_RETURN)])
    wait_for_person(app, table)
    assert table.board.gestures.held is not None and table.board.gestures.focus[0] == "cell"
    for arrow in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT):
        frames(app, 1, [key(arrow)])
    while table.board.gestures.targets().get(table.board.gestures.focus, "x") is not None:
        frames(app, 1, [key(pygame.K_RIGHT if table.board.gestures.focus[2] % 4 < 3 else pygame.K_DOWN)])
    cell = table.board.gestures.focus[2]
    card = table.board.model.drawn
    assert table.board.gestures.preview() is not None  # the score change shows for the focused place too
    frames(app, 1, [key(pygame.K_RETURN)])
    frames(app, 120)
    assert table.board.model.kingdoms[seat][cell] == card
    assert table.controller.actions[-1].kind in ("place", "pass") or table.controller._state.current != seat
    app.close()


def test_tab_moves_the_focus_through_the_table_as_in_the_menus(rules):
    """Tab did nothing at the table (the arrows only), though it moves the focus on every other screen."""
    app, table = human_vs_computer(rules, seed=8)
    wait_for_person(app, table)
    frames(app, 1, [key(pygame.K_RETURN)])
    wait_for_person(app, table)
    order = table.board.focusables()
    frames(app, 1, [key(pygame.K_TAB)])
    assert table.board.gestures.focus == order[0] == ("draw",) and table.board.gestures.keyboard
    frames(app, 1, [key(pygame.K_TAB)])
    assert table.board.gestures.focus == order[1]
    frames(app, 1, [key(pygame.K_TAB, pygame.KMOD_SHIFT), key(pygame.K_TAB, pygame.KMOD_SHIFT)])
    assert table.board.gestures.focus == order[-1]
    frames(app, 1, [key(pygame.K_TAB)])
    assert table.board.gestures.focus == order[0]
    frames(app, 1, [key(pygame.K_RETURN)])  # Enter on the focused draw pile draws, as with the arrows
    wait_for_person(app, table)
    assert table.controller.actions[-1].kind == "draw"
    app.close()


def test_claim_a_legend_by_click_once_per_turn(rules):
    for seed in range(1, 200):
        app, table = first_turn(rules, seed=seed)
        if table.board.claimable_now():
            break
        app.close()
    else:
        pytest.fail("no seed offers a legend on the first turn")
    seat = table.decision().seat
    legend = sorted(table.board.claimable_now())[0]
    click(app, centre_of(table, ("legend", table.board.model.legend_row.index(legend))))
    frames(app, 90)
    assert legend in table.board.model.claimed[seat]
    assert table.controller._state.claimed_this_turn
    others = [s for s, leg in enumerate(table.board.model.legend_row)
              if leg in rules.met_legend_ids(table.board.gestures.visible(seat))]
    if others:  # a second met legend is refused, and the table says why
        click(app, centre_of(table, ("legend", others[0])))
        assert "one legend per turn" in table.toast[0]
    app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1366, 768), (2560, 1440)])
def test_resize_mid_game_keeps_the_layout_sound(rules, size):
    app, table = start(rules, [Seat("Ana"), Seat("B", COMPUTER, "random"), Seat("C", COMPUTER, "random"),
                               Seat("D", COMPUTER, "random")], seed=2, speed="instant")
    wait_for_person(app, table)
    frames(app, 1, [key(pygame.K_RETURN)])
    wait_for_person(app, table)
    frames(app, 1, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
    assert app.surface.get_size() == size
    assert table.board.layout.size == size and layout_problems(table.board.layout) == []
    click(app, centre_of(table, ("draw",)))  # the game goes on at the new size
    wait_for_person(app, table)
    assert table.decision().kind in ("after-draw", "after-take-discard")
    frames(app, 1, [pygame.event.Event(pygame.VIDEORESIZE, size=(900, 500), w=900, h=500)])
    assert app.surface.get_size() == (1280, 720)  # never below the minimum
    app.close()


def test_dragging_the_windows_edge_keeps_pictures_and_fonts_within_bounds(rules, monkeypatch):
    # Every window size has pictures and fonts of its own: kept without a limit, dragging an edge through 40 sizes
    # took 0.8 GB. The least recently used go first, and the table is still drawn whole.
    monkeypatch.setattr(fonts, "KEPT_FONTS", 12)
    app, table = start(rules, [Seat("Ana"), Seat("B", COMPUTER, "random")], seed=2, speed="instant")
    wait_for_person(app, table)
    art = app.ctx.art
    art._cache.most_bytes = 16 * 2**20
    for i in range(20):
        size = (1280 + 16 * i, 720 + 9 * i)
        frames(app, 1, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])])
        kept = list(art._cache.values())
        assert sum(p.get_width() * p.get_height() * p.get_bytesize() for p in kept) <= art._cache.most_bytes
        assert len(app.ctx.fonts._fonts) <= 12
    assert table.board.layout.size == size and layout_problems(table.board.layout) == []
    shown = app.surface.copy()
    art._cache.clear()  # every picture made again: the same table
    app.scenes.forget_shown()
    frames(app, 1)
    assert pygame.image.tobytes(app.surface, "RGB") == pygame.image.tobytes(shown, "RGB")
    app.close()


def test_a_frames_window_sizes_are_laid_out_once_at_the_last(rules, monkeypatch):
    # Dragging a window's edge sends sizes faster than a layout at each (SDL sends two events a size, too).
    app, table = start(rules, [Seat("Ana"), Seat("B", COMPUTER, "random")], seed=2, speed="instant")
    wait_for_person(app, table)
    laid_out: list[tuple[int, int]] = []
    relayout = table.relayout
    monkeypatch.setattr(table, "relayout", lambda: laid_out.append(app.surface.get_size()) or relayout())
    sizes = [(1300 + 20 * i, 740 + 10 * i) for i in range(6)]
    frames(app, 1, [event for w, h in sizes for event in (pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h),
                                                          pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h))])
    assert laid_out == [sizes[-1]] and table.board.layout.size == sizes[-1]
    app.close()


def test_demo_game_with_computers_only_reaches_the_scores(rules):
    app, table = start(rules, [Seat(f"Bot {i}", COMPUTER, "random") for i in range(3)], seed=6, speed="fast")
    for _ in range(MAX_FRAMES):
        if app.scenes.find(ScoreSheet):
            break
        frames(app)
    sheet = app.scenes.find(ScoreSheet)
    assert sheet is not None
    assert [b.total for b in sheet.scores] == [b.total for b in table.controller._state.scores()]
    assert table.board.model.matches(table.controller._state.view(0))
    assert any("revealed" in line for line in table.log_lines())
    app.close()


def test_table_model_follows_the_engine_event_by_event(aetherya, rules):
    """Applying each action's events to the model always ends equal to the engine's view."""
    from drako_desktop.controller.game import GameController

    c = GameController(aetherya, GameSetup(tuple(Seat(f"B{i}", COMPUTER, "random") for i in range(4)), 9),
                       threaded=False)
    model = TableModel.from_view(c._state.view(0))
    while c.phase != Phase.SCORING:
        if c.current() is None:
            c.proceed()
            continue
        for event in c.poll():
            model.apply(event)
        if c._state.step.name == "ARRANGE":
            model.set_hand(c._state.view(0))
        assert model.matches(c._state.view(0))


def test_practice_undo_takes_the_last_move_back(rules):
    app, table = human_vs_computer(rules, seed=12, practice_undo=True)
    wait_for_person(app, table)
    frames(app, 1, [key(pygame.K_RETURN)])
    wait_for_person(app, table)
    click(app, centre_of(table, ("draw",)))  # draw, then place: the computer plays after
    wait_for_person(app, table)
    click(app, centre_of(table, legal_cells(table)[0]))
    wait_for_person(app, table)
    before = len(table.controller.actions)
    undo = next(w for w in table.widgets.widgets if w.label == "Undo")
    click(app, undo.rect.center)
    frames(app, 2)
    assert len(table.controller.actions) < before
    assert table.controller.actions[-1].kind == "draw"  # back to before the placement
    assert table.board.model.matches(table.controller._state.view(0))
    assert table.decision() is not None and table.decision().kind in ("after-draw", "after-take-discard")
    app.close()


def test_without_practice_undo_nothing_revealed_can_be_taken_back(rules):
    app, table = first_turn(rules)
    click(app, centre_of(table, ("draw",)))  # the drawn card was hidden: no undo
    wait_for_person(app, table)
    assert table.undo_target() is None
    assert not any(w.label == "Undo" for w in table.widgets.widgets)
    app.close()


def test_with_the_drawn_card_on_the_discard_pile_the_lands_to_reveal_glow(rules):
    """The status says to click an Unexplored Land: those the engine lets be revealed glow, the face-up cards
    are dimmed (nothing glowed, unlike every other choice of a place)."""
    app, table = human_vs_computer(rules, seed=3)
    wait_for_person(app, table)
    frames(app, 1, [key(pygame.K_RETURN)])
    seat = wait_for_person(app, table).seat
    click(app, centre_of(table, ("draw",)))
    while not table.choreo.idle:
        frames(app)
    face_up = next(i for i, t in enumerate(table.board.model.kingdoms[seat]) if t not in (FACE_DOWN, None))
    centre = centre_of(table, ("cell", seat, face_up))
    click(app, centre_of(table, ("drawn",)))  # put down: nothing aimed, the kingdom as it is
    frames(app, 1, [motion((5, 5))])
    before = app.surface.get_at(centre)
    drag(app, centre_of(table, ("drawn",)), centre_of(table, ("discard",)))
    assert table.board.gestures.discarding
    glowing = sorted(k[2] for k, reason in table.board.gestures.targets().items() if reason is None)
    revealable = sorted(a.row * 4 + a.col for a in table.decision().legal if a.kind == "reveal")
    assert glowing == revealable == [i for i, t in enumerate(table.board.model.kingdoms[seat]) if t == FACE_DOWN]
    frames(app, 1, [motion((5, 5))])
    after = app.surface.get_at(centre)
    assert sum(after[:3]) < sum(before[:3]) * 0.8, "the face-up card is dimmed: it cannot be revealed"
    # The land under the mouse (or the keyboard's focus) is lifted above the others: the one a click reveals.
    one, other = (table.board.rect_of(("cell", seat, i)) for i in glowing[:2])
    frames(app, 1, [motion(one.center)])
    assert table.board.gestures.aimed() == ("cell", seat, glowing[0])
    lifted = app.surface.subsurface(one.inflate(0, 16)).copy()
    assert pygame.image.tobytes(lifted, "RGB") != pygame.image.tobytes(app.surface.subsurface(other.inflate(0, 16)),
                                                                     "RGB")
    frames(app, 1, [key(pygame.K_RIGHT)])
    assert table.board.gestures.aimed() == table.board.gestures.focus != ("cell", seat, glowing[0])
    app.close()
