"""Both games in one app: the main menu offers them side by side (the choice is remembered), the new-game screen
is the chosen game's (Draco Mundis: seat colours, who starts at random, its variants), and saves, the Load list
and the statistics say which game each is."""

from __future__ import annotations

import weakref

import pygame
import pytest

from drako_desktop import saves
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.draco_mundis.ui.token_art import identity_mark
from drako_desktop.interface.registry import load
from drako_desktop.settings import Settings
from drako_desktop.ui.scenes.load import LoadScene
from drako_desktop.ui.scenes.menu import GameTile, MainMenu
from drako_desktop.ui.scenes.new_game import RANDOM_FIRST, ColourDisc, NewGameScene
from drako_desktop.ui.scenes.statistics import StatisticsScene
from ui_support import click, frames, key, make_app, screenshot


def tiles(app) -> dict[str, GameTile]:
    return {w.game_id: w for w in app.scenes.top.widgets.widgets if isinstance(w, GameTile)}


def test_the_menu_offers_both_games_and_remembers_the_choice(aetherya, private_home):
    app = make_app(aetherya, persist=True)
    app.main_menu()
    frames(app, 2)
    shown = tiles(app)
    assert list(shown) == ["aetherya-pocket", "draco-mundis"]
    assert shown["aetherya-pocket"].chosen and not shown["draco-mundis"].chosen
    assert shown["draco-mundis"].tagline.startswith("Hidden tokens on a grid")
    click(app, shown["draco-mundis"].rect.center)
    frames(app, 1)
    assert app.ctx.game.id == "draco-mundis" and tiles(app)["draco-mundis"].chosen
    assert Settings.load()[0].game == "draco-mundis"  # remembered for the next start
    screenshot(app, "games-01-menu-draco-chosen")
    # The keyboard reaches the tiles too: from the menu column, Left goes to the first game.
    frames(app, 1, [key(pygame.K_DOWN), key(pygame.K_LEFT), key(pygame.K_RETURN)])
    assert app.ctx.game.id == "aetherya-pocket"
    app.close()


def test_the_new_game_screen_is_the_chosen_games(private_home):
    app = make_app(load("draco-mundis"), size=(1280, 720))
    app.main_menu()
    app.open_new_game()
    frames(app, 1)
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene) and scene.first == RANDOM_FIRST  # Draco Mundis: a random first player
    scene.add_seat()
    # Colours: a click gives the seat the next colour nobody else has.
    def discs() -> list[ColourDisc]:
        return [w for w in scene.widgets.widgets if isinstance(w, ColourDisc)]

    assert [d.colour for d in discs()] == [0, 1, 2]
    for expected in ([3, 1, 2], [0, 1, 2], [3, 1, 2]):  # 1 and 2 are taken: the first seat goes 0, 3, 0, 3
        click(app, discs()[0].rect.center)
        assert [d.colour for d in discs()] == expected
    # Each colour with its seats' mark, so that a colour-blind player tells the choices apart.
    for disc in discs():
        assert disc.mark is identity_mark(app.ctx.art, disc.colour, disc.mark.get_width())
    assert len({pygame.mask.from_surface(d.mark).count() for d in discs()}) == 3  # three shapes
    # Variants: one switch each, explained beside it.
    switches = {variant: rect for variant, rect in scene.variant_rows}
    assert list(switches) == ["fast_setup", "sherpa_sacrifice", "dragon_trap"]
    right_arrow = (switches["dragon_trap"].right - switches["dragon_trap"].h // 2, switches["dragon_trap"].centery)
    click(app, right_arrow)
    frames(app, 1)
    screenshot(app, "games-02-new-game-draco")
    setup = scene.setup()
    assert (setup.game, setup.variants, setup.colours) == ("draco-mundis", ("dragon_trap",), (3, 1, 2))
    assert 0 <= setup.first < 3
    app.close()


def test_a_draco_game_keeps_its_colours_and_variants_in_its_save_and_the_lists_name_the_game(private_home,
                                                                                                   aetherya):
    from drako_desktop.controller.game import COMPUTER, GameSetup, Seat

    app = make_app(aetherya, persist=True, animation_speed="instant")
    setup = GameSetup((Seat("Ana"), Seat("Bot", COMPUTER, "random")), 0, 1, "draco-mundis", ("fast_setup",), (2, 0))
    table = app.start_game(setup)
    for _ in range(300):
        if len(table.controller.actions) >= 4:
            break
        decision = table.controller.current()
        if decision is not None and decision.human and app.scenes.top is table:
            table.play([decision.legal[0]])
        frames(app)
    table.session.flush()
    game, state = saves.read(table.session.saved_path(), app.library)
    assert game.setup == setup and len(game.actions) >= 4
    app.main_menu()
    app.open_load()
    frames(app, 2)
    assert isinstance(app.scenes.top, LoadScene)
    (entry,) = app.scenes.top.entries[False]
    assert entry.title == "Draco Mundis"
    screenshot(app, "games-03-load-draco")
    app.scenes.pop()
    app.open_statistics()
    frames(app, 1)
    assert isinstance(app.scenes.top, StatisticsScene) and app.scenes.top.title() == "Statistics: Draco Mundis"
    assert isinstance(app.scenes.scenes[0], MainMenu)
    app.close()


@pytest.mark.parametrize("via_menu", [True, False])
@pytest.mark.parametrize("game_id", ["aetherya-pocket", "draco-mundis"])
def test_a_table_left_for_the_next_game_is_let_go(game_id, via_menu):
    # A table keeps what lives when it comes (the garbage collector is kept from walking it, see
    # table_parts.settle_in); the table before, and all it drew, must not be kept with it (35 MB a game).
    game = load(game_id)
    app = make_app(game, animation_speed="instant")
    seats = tuple(Seat(f"C{i + 1}", COMPUTER, "random") for i in range(game.max_players))
    first = weakref.ref(app.start_game(GameSetup(seats, seed=1, game=game_id)))
    frames(app, 30)
    if via_menu:
        app.main_menu()
        frames(app, 2)
    second = app.start_game(GameSetup(seats, seed=2, game=game_id))
    frames(app, 2)
    assert first() is None and app.scenes.top is second
    app.close()


@pytest.mark.parametrize("game_id", ["aetherya-pocket", "draco-mundis"])
@pytest.mark.parametrize(("language", "label", "help_start"), [("en", "Computer · Expert", "The strongest opponent"),
                                                                ("zh-TW", "專家", "最強的對手")])
def test_the_new_game_screen_offers_the_expert_level_in_both_games(private_home, game_id, language, label,
                                                                   help_start):
    """Expert (issue 42) is a seat's level like the others, after hard, with its one line of help when chosen."""
    app = make_app(load(game_id), size=(1280, 720), language=language)
    app.main_menu()
    app.open_new_game()
    frames(app, 1)
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    kind = scene.seat_kind_choice(1)
    levels = [value.split(":", 1)[1] for value, _ in kind.options if value.startswith(f"{COMPUTER}:")]
    assert levels[levels.index("hard") + 1] == "expert"
    app.scenes.top.widgets.focus = scene.widgets.widgets.index(kind)
    while kind.value != f"{COMPUTER}:expert":
        frames(app, 1, [key(pygame.K_RIGHT)])
        kind = scene.seat_kind_choice(1)
    frames(app, 1)
    assert label in dict(kind.options)[kind.value]
    assert scene.level_help().startswith(help_start)
    screenshot(app, f"games-new-game-expert-{game_id}-{language}")
    assert scene.setup().seats[1] == Seat(scene.seat_name(1), COMPUTER, "expert")
    app.close()
