"""The table's cached board (backdrop, kingdoms, legends painted once, then only where they change) shows
exactly what painting it afresh shows, frame after frame of a whole game: no part blended twice, no card
left behind while cards land in several kingdoms at once (the deal), no kingdom left behind while several
change whole at once (after a slide they are painted one a frame, shown meanwhile over their place)."""

from __future__ import annotations

import random

import pygame
import pytest

from conftest import aetherya_game
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket.ui.painter import BARE, BOARD_SHARE
from drako_desktop.games.draco_mundis.actions import Move
from drako_desktop.ui.canvas import THIN, TILE, Recorder, disjoint, regions, split_in_two, tiles
from drako_desktop.ui.scenes.overlay import PauseMenu
from drako_desktop.ui.scenes.scores import ScoreSheet
from test_draco_ui import can, draco, finish_setup, follow_the_lesson, play_on
from test_draco_ui import start as start_draco
from test_ui_end_turn import first_turn, settle, waiting_for_end_turn
from test_ui_table import centre_of, legal_cells
from ui_support import down, frames, make_app, motion, pixels, up
from ui_support import key as press


def picture(app) -> bytes:
    return pixels(app.surface)


def caught_up(app, painter) -> None:
    """Draw again (no time passing) until the board has painted what it owed (it paints at most a share of
    the window a frame: see BOARD_SHARE)."""
    for _ in range(100):
        if not painter.owes:
            return
        app.scenes.draw(app.surface)
    raise AssertionError("the board never caught up")


def same_as_painted_afresh(app, table) -> bool:
    caught_up(app, table.board.painter)
    cached = picture(app)
    table.board.painter._board = None  # forget every cached part and picture: the next frame paints them all
    table.board.painter._layers = {}
    app.scenes.draw(app.surface)
    return picture(app) == cached


def draco_same_as_painted_afresh(app, painter) -> bool:
    """The same for a Draco Mundis table: its board, plates and the side panel's ground painted again."""
    cached = picture(app)
    painter.forget()
    painter._base = None
    app.scenes.draw(app.surface)
    return picture(app) == cached


def checking_every_frame(app, forget, painter=None) -> list[int]:
    """From now on every frame is compared with the window painted afresh (`forget`: the table's cached
    pictures; an Aetherya `painter`: once it caught up), then drawn on over that; returns the sizes of the
    frames drawn only where they changed (in rects), which grows as they come."""
    drawn_over: list[int] = []
    frame = app.frame

    def checked(dt, events=()):
        frame(dt, events)
        if app.changed is not None:
            drawn_over.append(len(app.changed))
        if painter is not None:
            caught_up(app, painter)
        cached = picture(app)
        forget()
        app.scenes.draw(app.surface)
        assert picture(app) == cached, f"frame {len(drawn_over)} drawn over the last differs from painted afresh"

    app.frame = checked
    return drawn_over


def test_the_cached_board_looks_like_the_board_painted_afresh():
    app = make_app(aetherya_game(), size=(1280, 720), animation_speed="normal")
    table = app.start_game(GameSetup(tuple(Seat(f"C{i}", COMPUTER, "random") for i in range(4)), 9))
    for n in range(900):
        frames(app)
        if n % 5 == 0:
            assert same_as_painted_afresh(app, table), f"frame {n}"
    assert not app.crashes
    app.close()


def test_kingdoms_painted_one_a_frame_after_a_slide_look_as_painted_afresh(rules):
    """Two people at one screen: at End turn the kingdoms swap places (a slide), and at its end both are
    new pictures."""
    app = make_app(aetherya_game(), size=(1280, 720), animation_speed="normal")
    table, _ = waiting_for_end_turn(app)
    table.end_turn()
    spread = 0
    for n in range(120):
        frames(app)
        spread += bool(table.board.painter._pending)
        assert same_as_painted_afresh(app, table), f"frame {n}"
    assert spread > 0  # several kingdoms changed whole at once
    assert not app.crashes
    app.close()


@pytest.mark.parametrize("speed", ["normal", "instant"])
def test_a_large_change_of_the_board_is_painted_half_in_one_frame_half_in_the_next(speed):
    """When a turn passes, the plates, frames, words and news to paint again are too much for one 4K frame:
    more than BOARD_SHARE of the window is painted part in one frame and the rest in the next, which the table
    asks for at once; never later (at the instant speed, where everything changes at once, too)."""
    size = (1600, 900)
    app = make_app(aetherya_game(), size=size, animation_speed=speed)
    table = app.start_game(GameSetup(tuple(Seat(f"C{i}", COMPUTER, "random") for i in range(4)), 9))
    painter, board = table.board.painter, table.board.painter.board_layer
    painted: list[list[int]] = []  # each frame's regions' areas

    def recorded(*args):
        shown, repainted = board(*args)
        painted.append([r.w * r.h for r in repainted or ()])
        return shown, repainted

    painter.board_layer = recorded
    halved = 0
    for _ in range(600):
        frames(app)
        if painter.owes:
            owed, now = sum(r.w * r.h for r in disjoint(painter._owed)), sum(painted[-1])
            assert now + owed > size[0] * size[1] * BOARD_SHARE and owed > 0
            assert table.next_frame_in() == 0
            frames(app)
            assert not painter.owes and sum(painted[-1]) >= owed  # all of it, and what changed meanwhile
            halved += 1
    assert halved > 3
    assert same_as_painted_afresh(app, table)
    app.close()


def test_a_part_split_over_two_frames_is_never_shown_half_new():
    """Where a change is painted over two frames, each part is either all new or all as it was in the first: a
    sentence shorter than the last is never shown with the old one's tail ("Ben is next.is done. End turn ..."),
    whose turn it is never framed twice (the old frame and the new go together)."""
    app = make_app(aetherya_game(), size=(1600, 900), animation_speed="normal")
    table = app.start_game(GameSetup(tuple(Seat(f"C{i}", COMPUTER, "random") for i in range(4)), 9))
    before, split = app.surface.copy(), 0
    for _ in range(600):
        shown = dict(table.board.painter._board[2]) if table.board.painter._board else {}
        frames(app)
        if table.board.painter.owes:
            split += 1
            now = app.surface.copy()
            parts = table.board.painter._board[2]
            caught_up(app, table.board.painter)
            afresh = app.surface.copy()
            for name, (key, rect) in parts.items():
                if not isinstance(name, str) or shown.get(name) == (key, rect):
                    continue  # the bars' words, the piles, the news and the legends that changed
                region = rect.union(shown[name][1]) if name in shown else rect
                looks = pygame.image.tobytes(now.subsurface(region), "RGB")
                assert looks in (pygame.image.tobytes(before.subsurface(region), "RGB"),
                                 pygame.image.tobytes(afresh.subsurface(region), "RGB")), f"{name} half new"
        before = app.surface.copy()
    assert split > 0
    app.close()


def test_an_overlay_opened_just_after_a_split_keeps_the_table_whole():
    """The menu opened in the frame after a change split in two: its first frame draws the table beneath whole,
    owing nothing, and keeps that picture."""
    app = make_app(aetherya_game(), size=(1600, 900), animation_speed="normal")
    table = app.start_game(GameSetup(tuple(Seat(f"C{i}", COMPUTER, "random") for i in range(4)), 9))
    for _ in range(600):
        frames(app)
        if table.board.painter.owes:
            break
    assert table.board.painter.owes
    app.scenes.push(PauseMenu(app))
    frames(app, 3)
    assert not table.board.painter.owes
    kept = picture(app)
    table.board.painter._board = None  # the table's board and the menu's kept picture painted afresh
    table.board.painter._layers = {}
    app.scenes.forget_shown()
    app.scenes.draw(app.surface)
    assert picture(app) == kept
    app.close()


@pytest.mark.parametrize("language,size", [("en", (1280, 720)), ("zh-TW", (1600, 900)), ("zh-TW", (3840, 2160))])
def test_every_part_of_the_board_paints_only_inside_its_region(language, size):
    """A part is painted again clipped to its region: anything it draws outside would be cut off (a score
    under a name plate, in a taller font) or left behind when it changes."""
    app = make_app(aetherya_game(), size=size, animation_speed="fast", language=language)
    table = app.start_game(GameSetup(tuple(Seat(f"C{i}", COMPUTER, "random") for i in range(4)), 5))
    checked = set()
    canvas = pygame.Surface(size, pygame.SRCALPHA)
    for n in range(400):
        frames(app)
        if n % 40:
            continue
        for name, (key, rect) in table.board.painter._board[2].items():
            if key == BARE:
                continue
            canvas.set_clip(None)
            canvas.fill((0, 0, 0, 0))
            table.board.painter.paint_part(canvas, name, key)
            outside = pygame.mask.from_surface(canvas, 0)  # every pixel painted: not wholly transparent
            outside.erase(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
            assert outside.count() == 0, f"{name} draws {canvas.get_bounding_rect()} outside {rect} (frame {n})"
            checked.add(name if isinstance(name, str) else name[0] if isinstance(name, tuple) else "kingdom")
    assert {"kingdom", "plate", "claimed", "legends", "draw", "discard", "drawn", "news", "top", "turn",
            "status"} <= checked
    app.close()


def test_draco_mundis_cached_board_and_plates_look_as_painted_afresh():
    """Draco Mundis keeps its board, the players' plates and the side panel's ground in one picture, painted
    again only where a square or a plate changed."""
    app = make_app(draco(), size=(1280, 720), animation_speed="fast")
    table = app.start_game(GameSetup(tuple(Seat(f"C{i}", COMPUTER, "random") for i in range(4)), 3,
                                     game="draco-mundis"))
    plates = set()
    for n in range(600):
        frames(app)
        plates.add(tuple(table.board.painter._board[2].values()))
        if n % 10 == 0:
            assert draco_same_as_painted_afresh(app, table.board.painter), f"frame {n}"
    assert len(plates) > 10  # the plates changed along the game (scores, actions left, whose turn)
    assert not app.crashes
    app.close()


def test_a_plate_shows_a_prisoner_as_soon_as_a_cannibal_takes_it():
    """The plates are painted again when what they show changes, not after every action: a prisoner taken
    (the lesson's cannibal) is on its captor's plate from that frame on."""
    app = make_app(draco(), size=(1280, 720), animation_speed="instant")
    prisoners = []

    def looks_as_painted_afresh(step) -> None:
        frames(app, 2)
        painter = app.scenes.top.board.painter
        prisoners.append(sum(1 for what, _ in painter.kept(0) if what == "prisoner"))
        assert draco_same_as_painted_afresh(app, painter), f"after {step.id}"

    scene = follow_the_lesson(app, looks_as_painted_afresh)
    assert scene.step.kind == "end" and max(prisoners) == 1 and app.crashes == []


def test_a_persons_turn_drawn_only_where_it_changed_looks_as_painted_afresh():
    """A frame copies the board back only where it changed or the last frame drew over it (hovers and their
    tips, a card held over places it may and may not go, its preview and refusal, the drop, the take-back,
    the keyboard's focus): each one shows what painting the whole window afresh shows."""
    app, table = first_turn(speed="fast")
    seat = table.decision().seat

    def forget():
        table.board.painter._board = None
        table.board.painter._layers = {}

    drawn_over = checking_every_frame(app, forget, table.board.painter)
    for place in (("cell", seat, 0), ("legend", 0), ("draw",), ("discard",)):
        frames(app, 45, [motion(centre_of(table, place))])  # long enough for its tip
    start = centre_of(table, ("discard",))
    legal = legal_cells(table, ("discard",))
    frames(app, 1, [motion(start), down(start)])
    for cell in range(16):
        frames(app, 3, [motion(centre_of(table, ("cell", seat, cell)), (1, 0, 0))])
    frames(app, 1, [up(centre_of(table, legal[0]))])
    settle(app, table)
    frames(app, 10, [press(pygame.K_z, pygame.KMOD_CTRL)])
    for pressed in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_TAB):
        frames(app, 3, [press(pressed)])
    assert len(drawn_over) > 200 and not app.crashes
    app.close()


def test_a_draco_mundis_turn_drawn_only_where_it_changed_looks_as_painted_afresh():
    """The same for Draco Mundis: hovering tokens (their tips, a fight's preview), a character selected with
    its targets, moved by dragging, the keyboard's focus."""
    app, table = start_draco(size=(1280, 720), speed="fast")
    rng = random.Random(5)
    finish_setup(app, table, rng)
    play_on(app, table, rng, lambda: can(table, Move))
    painter = table.board.painter

    def forget():
        painter.forget()
        painter._base = None

    drawn_over = checking_every_frame(app, forget)
    move = next(a for a in table.decision().legal if isinstance(a, Move))
    origin, target = divmod(move.origin, 12), divmod(move.target, 12)
    for at in ((0, 0), (3, 5), target, origin):
        frames(app, 45, [motion(table.board.layout.square_rect(at).center)])
    at = table.board.layout.square_rect(origin).center
    frames(app, 3, [down(at), up(at)])
    for at in ((origin[0], max(0, origin[1] - 1)), target, (7, 11)):
        frames(app, 20, [motion(table.board.layout.square_rect(at).center)])
    frames(app, 3, [press(pygame.K_ESCAPE)])
    start, end = table.board.layout.square_rect(origin).center, table.board.layout.square_rect(target).center
    frames(app, 1, [motion(start), down(start)])
    for step in range(1, 5):
        pos = (start[0] + (end[0] - start[0]) * step // 4, start[1] + (end[1] - start[1]) * step // 4)
        frames(app, 2, [motion(pos, (1, 0, 0))])
    frames(app, 30, [up(end)])
    for pressed in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB):
        frames(app, 3, [press(pressed)])
    assert len(drawn_over) > 200 and not app.crashes
    app.close()


def test_the_tiles_to_copy_back_cover_every_rect_drawn_in_a_few_rects_that_do_not_overlap():
    size = (1000, 500)
    drawn = [pygame.Rect(10, 10, 5, 5), pygame.Rect(TILE + 10, 10, 2 * TILE, TILE // 2), pygame.Rect(-30, 450, 80, 200),
             pygame.Rect(4 * TILE + TILE // 2, TILE + 4, 2, 6 * TILE - 8), pygame.Rect(0, 0, 0, 50)]
    regions = tiles(drawn, size)
    window = pygame.Rect((0, 0), size)
    for rect in drawn:
        visible = rect.clip(window)
        if visible.w and visible.h:
            assert visible.unionall([r.clip(visible) for r in regions if r.colliderect(visible)]) == visible
            assert sum(r.clip(visible).w * r.clip(visible).h for r in regions) == visible.w * visible.h
    assert all(not a.colliderect(b) for i, a in enumerate(regions) for b in regions[i + 1:])
    assert all(window.contains(r) and r.x % TILE == 0 and r.y % TILE == 0 for r in regions)
    # the first two share a row of tiles: one rect; the tall thin line one column of tiles stacked into one
    assert pygame.Rect(0, 0, 4 * TILE, TILE) in regions and pygame.Rect(4 * TILE, TILE, TILE, 6 * TILE) in regions


def test_a_large_change_is_split_into_whole_groups_and_a_group_meeting_what_is_painted_goes_with_it():
    R = pygame.Rect
    status = [R(0, 690, 300, 30), R(300, 690, 400, 30)]  # a sentence's new place and the old one's tail
    plate, news, pile = [R(0, 0, 400, 100)], [R(800, 400, 400, 300)], [R(900, 0, 100, 140)]
    assert split_in_two([status, plate], 10**6) == ([status, plate], [])  # small: all now
    now, later = split_in_two([status, plate, news, pile], 50_000)
    assert now == [status, plate, pile] and later == news  # whole groups up to half: the news alone is more
    touching = [R(350, 50, 300, 300)]  # too large for the half, but it meets the plate, painted now: with it,
    now, later = split_in_two([status, plate, news, touching], 50_000)  # or the part there would show half new
    assert now == [status, plate, touching] and later == news


def test_thin_rects_are_copied_back_as_they_are_and_wide_ones_as_tiles():
    """A frame around a kingdom is noted as its thin sides: copied back as tiles, each side would be a tile
    wide."""
    size = (3840, 2160)
    side, card = pygame.Rect(100, 100, 6, 1500), pygame.Rect(1000, 500, 300, 420)
    edge = pygame.Rect(3830, 2000, THIN, 400)  # thin, out of the window in part: clipped
    found = regions([side, card, edge], size)
    assert side in found and pygame.Rect(3830, 2000, 10, 160) in found
    wide = [r for r in found if r not in (side, pygame.Rect(3830, 2000, 10, 160))]
    assert wide == tiles([card], size) and wide[0].unionall(wide[1:]).contains(card)
    assert sum(r.w * r.h for r in found) < sum(r.w * r.h for r in tiles([side, card, edge], size)) * 0.8


def test_a_recorder_notes_where_overlays_draw_and_refuses_what_it_cannot_note():
    surface = pygame.Surface((400, 300))
    recorder = Recorder(surface)
    assert recorder.blit(pygame.Surface((20, 10)), (390, 5)) == pygame.Rect(390, 5, 10, 10)  # clipped
    recorder.fill((1, 2, 3), pygame.Rect(0, 0, 5, 5))
    from drako_desktop.ui import canvas

    canvas.rect(recorder, (255, 0, 0), pygame.Rect(100, 100, 200, 150), width=2, border_radius=10)
    notes = recorder.rects
    assert notes[:2] == [pygame.Rect(390, 5, 10, 10), pygame.Rect(0, 0, 5, 5)]
    frame = notes[2:]
    assert len(frame) == 8 and sum(r.w * r.h for r in frame) < 200 * 150 // 4  # the sides, not the inside
    assert pygame.Rect(100, 100, 200, 150).unionall(frame) == pygame.Rect(100, 100, 200, 150)
    assert surface.get_at((101, 175))[:3] == (255, 0, 0) and surface.get_at((200, 175))[:3] == (0, 0, 0)
    with pytest.raises(AttributeError):
        recorder.subsurface((0, 0, 5, 5))


def test_an_overlay_puts_back_the_table_beneath_it_as_painted_afresh():
    """The in-game menu and the score sheet do not draw and dim the frozen table beneath them every frame: they
    put back its dimmed picture from their last whole frame, and every frame looks as the whole stack painted
    afresh; hidden to look around the table, the score sheet draws it all, and dims it anew when shown again."""
    app = make_app(aetherya_game(), size=(1280, 720), animation_speed="normal")
    table, _ = waiting_for_end_turn(app)
    frames(app, 3)
    table_drawn = []
    draw = table.draw
    table.draw = lambda surface: (table_drawn.append(1), draw(surface))  # type: ignore[method-assign]

    def afresh() -> bool:
        shown = picture(app)
        app.scenes.forget_shown()
        app.scenes.draw(app.surface)
        return picture(app) == shown

    app.scenes.push(PauseMenu(app))
    frames(app)
    menu = app.scenes.top
    assert len(table_drawn) == 1  # once, under the menu's first frame
    for widget in [*menu.widgets.widgets, None]:
        frames(app, 1, [motion(widget.rect.center if widget is not None else (3, 3))])
        assert menu.draws_over_last() and afresh()
    table_drawn.clear()
    frames(app, 3, [motion((5, 9))])
    assert table_drawn == []
    app.scenes.pop()
    frames(app, 2)
    sheet = ScoreSheet(app, table)
    app.scenes.push(sheet)
    for n in range(30):  # its totals count up
        frames(app)
        assert afresh(), f"frame {n}"
    sheet.toggle()
    frames(app, 2)
    assert not sheet.draws_over_last() and afresh()
    frames(app, 1, [press(pygame.K_RIGHT)])  # looks at the next kingdom large
    sheet.toggle()
    for n in range(3):
        frames(app)
        assert afresh(), f"frame {n} after the table was looked around"
    app.close()
