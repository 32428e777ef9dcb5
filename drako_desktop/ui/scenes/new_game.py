"""The new-game screen of the chosen game: 2-4 seats (a person or a computer level, a name, a colour),
who starts, the game's optional rules (variants), and under More options a seed (it decides every hidden
card, so a game with a chosen seed is marked and counted apart)."""

from __future__ import annotations

import random
from functools import partial
from typing import Callable, TypeVar

import pygame
from pygame import Rect

from ...ai import EXTERNAL, REMOTE, agent_levels
from ...controller.game import COMPUTER, HUMAN, GameSetup, Seat
from ...i18n import called_you, has, tr
from ...interface.game import Game, Secrets
from .. import theme
from ..room import MenuRoom
from ..text import blit_at
from ..widgets import Button, Choice, TextField, Widget, WidgetGroup, draw_focus_ring
from .screen import Screen

W = TypeVar("W", bound=Widget)

RANDOM_FIRST = -1
REMOTE_KIND = f"{COMPUTER}:{REMOTE}"  # a player on another computer (a hosted game's seat)
PREFERRED_LEVELS = ("medium", "easy", "hard")


def level_label(level: str) -> str:
    """A computer level's name: translated when the language has it, else the level's own id."""
    key = f"new_game.level.{level}"
    return tr(key) if has(key) else level.replace("-", " ").capitalize()


def default_level(game: Game) -> str:
    levels = agent_levels(game)
    return next((lv for lv in PREFERRED_LEVELS if lv in levels), next(iter(levels)))


class NewGameScene(Screen):
    app: MenuRoom  # a menu's room: start the game
    title_key = "new_game.title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.computer_names = [n.strip() for n in tr("new_game.computer_names").split(",")]
        self.names = [tr("new_game.default_you")] + list(self.computer_names)
        # a person and computers, as few seats as the game allows (house rules may ask for 3 or more)
        self.kinds = [HUMAN] + [f"{COMPUTER}:{default_level(self.ctx.game)}"] * (self.ctx.game.min_players - 1)
        self.colours = list(range(len(theme.SEAT_COLOURS)))  # per seat (and for seats yet to be added)
        self.variants: set[str] = set()
        self.first = RANDOM_FIRST if self.ctx.game.variants else 0
        self.seed_text = ""
        self.more_options = False  # the seed field shows only when asked for

    # -- the setup being edited ----------------------------------------------------------------

    def kind_options(self) -> list[tuple[str, str]]:
        options = [(HUMAN, tr("new_game.person"))]
        options += [(f"{COMPUTER}:{lv}", tr("new_game.computer", level=level_label(lv)))
                    for lv in agent_levels(self.ctx.game)]
        if self.ctx.settings.bot_command.strip():  # the external bot named in the settings (docs/bot-protocol.md)
            options.append((f"{COMPUTER}:{EXTERNAL}", tr("new_game.external_bot")))
        if self.app.persist:  # a hosted game is saved, for its invitations work as long as it goes on
            options.append((REMOTE_KIND, tr("new_game.remote")))
        return options

    def setup(self) -> GameSetup:
        seats = []
        for i, kind in enumerate(self.kinds):
            name = self.seat_name(i)
            if kind == HUMAN:
                seats.append(Seat(name))
            else:
                seats.append(Seat(name, COMPUTER, kind.split(":", 1)[1]))
        chosen = self.more_options and bool(self.seed_text)  # a seed typed, then hidden again, is not used
        seed = int(self.seed_text) if chosen else random.randrange(2**31)
        first = random.Random(seed).randrange(len(seats)) if self.first == RANDOM_FIRST else self.first
        game = self.ctx.game
        colours = tuple(self.colours[: len(seats)])
        variants = tuple(v.id for v in game.variants if v.id in self.variants)
        return GameSetup(tuple(seats), seed, first, game.id, variants,
                         () if colours == tuple(range(len(seats))) else colours, seed_chosen=chosen)

    def start(self) -> None:
        self.app.start_game(self.setup())

    def set_kind(self, seat: int, kind: str) -> None:
        was_computer = self.kinds[seat] not in (HUMAN, REMOTE_KIND)
        self.kinds[seat] = kind
        person = kind in (HUMAN, REMOTE_KIND)  # a player on another computer is a person too
        self.seat_widget(seat, ColourDisc).person = person  # its picture: a person or a computer
        if was_computer and person and self.names[seat].strip() in self.computer_names:
            # a person does not keep the computer's name: "You" when alone, else "Player n" (a typed name stays)
            alone = kind == HUMAN and sum(k in (HUMAN, REMOTE_KIND) for k in self.kinds) == 1
            self.names[seat] = tr("new_game.default_you") if alone else tr("new_game.player_n", n=seat + 1)
            self.seat_widget(seat, TextField).value = self.names[seat]
            self.first_choice.options = self.first_options()
        self.name_the_people()

    def name_the_people(self) -> None:
        """"You" is a lone person's name: with two or more people (here or on other computers) each untouched
        "You" becomes "Player n" (as the command line names them), so the table never tells the others "Pass the
        screen to You", nor another computer "You plays"."""
        if sum(kind in (HUMAN, REMOTE_KIND) for kind in self.kinds) < 2:
            return
        for seat, kind in enumerate(self.kinds):
            if kind == HUMAN and called_you(self.names[seat]):
                self.names[seat] = tr("new_game.player_n", n=seat + 1)
                self.seat_widget(seat, TextField).value = self.names[seat]
                self.first_choice.options = self.first_options()

    def set_name(self, seat: int, name: str) -> None:
        self.names[seat] = name
        self.first_choice.options = self.first_options()  # Who starts names the seats as they are named now

    def seat_name(self, seat: int) -> str:
        return self.names[seat].strip() or tr("new_game.player_n", n=seat + 1)

    def first_options(self) -> list[tuple[int, str]]:
        options = [(RANDOM_FIRST, tr("new_game.first_random"))]
        return options + [(i, self.seat_name(i)) for i in range(len(self.kinds))]

    def added_kind(self) -> str:
        """The seat Add a player adds: a computer of the default level."""
        return f"{COMPUTER}:{default_level(self.ctx.game)}"

    def add_seat(self) -> None:
        """A computer seat more; the focus moves to its kind, to make it a person or another level at once."""
        if len(self.kinds) < self.ctx.game.max_players:
            self.kinds.append(self.added_kind())
            self.relayout()
            self.widgets.focus = self.widgets.widgets.index(self.seat_kind_choice(len(self.kinds) - 1))

    def remove_seat(self, seat: int) -> None:
        if len(self.kinds) > self.ctx.game.min_players:
            del self.kinds[seat]
            name = self.names.pop(seat)
            self.names.append(name)
            self.first = min(self.first, len(self.kinds) - 1)
            self.relayout()

    def next_colour(self, seat: int) -> None:
        """The seat takes the next colour of the palette that no other seat has (its pattern and mark with it)."""
        taken = set(self.colours[: len(self.kinds)]) - {self.colours[seat]}
        palette = len(theme.SEAT_COLOURS)
        colour = self.colours[seat]
        for step in range(1, palette + 1):
            candidate = (colour + step) % palette
            if candidate not in taken:
                if candidate in self.colours:  # a seat not at the table yet had it: they swap
                    self.colours[self.colours.index(candidate)] = colour
                self.colours[seat] = candidate
                return

    def set_variant(self, variant: str, on: bool) -> None:
        if on:
            self.variants.add(variant)
        else:
            self.variants.discard(variant)

    def set_first(self, value: int) -> None:
        self.first = value

    def set_seed(self, text: str) -> None:
        self.seed_text = text

    def toggle_more_options(self) -> None:
        """Show or hide the seed field; the focus stays on the toggle."""
        self.more_options = not self.more_options
        self.relayout()
        self.widgets.focus = self.widgets.widgets.index(self.more_button)

    # -- screen -------------------------------------------------------------------------------------

    def relayout(self) -> None:
        th = self.ctx.theme
        area = self.content_rect(th.px(150), width=0.62)
        row_h, gap = th.px(56), th.px(12)
        widgets: list[Widget] = []
        self.seat_rows = []
        y = area.y + th.px(40)
        for i in range(len(self.kinds)):
            row = Rect(area.x, y, area.w, row_h)
            self.seat_rows.append(row)
            disc = row_h
            kind_rect = Rect(row.x + disc + gap, y, round(area.w * 0.42), row_h)
            remove = Rect(row.right - row_h, y, row_h, row_h)
            name_rect = Rect(kind_rect.right + gap, y, remove.x - gap - kind_rect.right - gap, row_h)
            widgets.append(ColourDisc(Rect(row.x, y, disc, row_h), self.colours[i],
                                      self.kinds[i] in (HUMAN, REMOTE_KIND),
                                      partial(self.recolour, i),
                                      self.ctx.game_ui.seat_mark(self.ctx, self.colours[i], round(row_h * 0.38))))
            widgets.append(Choice(kind_rect, "", self.kind_options(), self.kinds[i], partial(self.set_kind, i),
                                  label_share=0.0))
            widgets.append(TextField(name_rect, tr("new_game.name"), self.names[i], partial(self.set_name, i),
                                     max_length=16, label_share=0.3))
            widgets.append(Button(remove, "", partial(self.remove_seat, i), icon="close",
                                  enabled=len(self.kinds) > self.ctx.game.min_players))
            y += row_h + gap
        if len(self.kinds) < self.ctx.game.max_players:
            add = Rect(area.x + row_h + gap, y, round(area.w * 0.42), row_h)
            adds = dict(self.kind_options())[self.added_kind()]
            icon = "person" if self.added_kind() == HUMAN else "computer"  # the seat it adds, as its disc will show
            widgets.append(Button(add, tr("new_game.add_player_as", kind=adds), self.add_seat, icon=icon))
        y = area.y + th.px(40) + self.ctx.game.max_players * (row_h + gap) + th.px(30)
        self.options_top = y
        y += th.px(40)
        half = (area.w - gap) // 2
        self.first_choice = Choice(Rect(area.x, y, half, row_h), tr("new_game.first"), self.first_options(), self.first,
                                   self.set_first)
        widgets.append(self.first_choice)
        more = tr("new_game.fewer_options") if self.more_options else tr("new_game.more_options")
        more_w = self.ctx.text.width(more, "bold", th.text(20)) + th.px(40)
        self.more_button = Button(Rect(area.right - more_w, self.options_top - th.px(4), more_w, th.px(40)), more,
                                  self.toggle_more_options, size=20)
        widgets.append(self.more_button)
        if self.more_options:
            widgets.append(TextField(Rect(area.x + half + gap, y, half, row_h), tr("new_game.seed"), self.seed_text,
                                     self.set_seed, max_length=12, allowed=str.isdigit,
                                     placeholder=tr("new_game.seed_random")))
        self.variant_rows = []
        on_off = [(False, tr("new_game.variant_off")), (True, tr("new_game.variant_on"))]
        vy = y + row_h + gap
        for variant in self.ctx.game.variants:  # a switch each, its one-line explanation beside it
            name, _ = self.ctx.game_ui.variant_text(variant.id)
            rect = Rect(area.x, vy, half, round(row_h * 0.72))
            widgets.append(Choice(rect, name, on_off, variant.id in self.variants,
                                  partial(self.set_variant, variant.id), label_share=0.55))
            self.variant_rows.append((variant.id, rect))
            vy += rect.h + gap // 2
        bw = th.px(260)
        bottom = th.height - th.px(40) - row_h
        widgets.append(Button(Rect(area.centerx - bw - gap, bottom, bw, row_h), tr("new_game.back"), self.back))
        start = Button(Rect(area.centerx + gap, bottom, bw, row_h), tr("new_game.start"), self.start, style="primary",
                       icon="play", size=26)
        widgets.append(start)
        self.widgets = WidgetGroup(widgets, focus=len(widgets) - 1)
        self.area = area

    def seat_kind_choice(self, seat: int) -> Choice:
        """The person-or-computer choice of a seat's row."""
        return self.seat_widget(seat, Choice)

    def seat_widget(self, seat: int, kind: type[W]) -> W:
        """The widget of this kind in a seat's row."""
        return next(w for w in self.widgets.widgets if isinstance(w, kind) and w.rect.y == self.seat_rows[seat].y)

    def recolour(self, seat: int) -> None:
        self.next_colour(seat)
        self.relayout()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and not self.widgets.keyboard_used:
            self.start()
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        th, text = self.ctx.theme, self.ctx.text
        self.draw_backdrop(surface)
        self.draw_title(surface, tr("new_game.title_of", game=self.ctx.game_ui.title()))
        heading = text.fitted(tr("new_game.players"), "heading", th.text(26), theme.GOLD, self.area.w)
        rect = blit_at(surface, heading, "topleft", (self.area.x, self.area.y))
        words = self.screen_text()
        if words:
            screen = text.fitted(words, "body", th.text(17), theme.INK_MUTED, self.area.right - rect.right - th.px(24))
            blit_at(surface, screen, "midright", (self.area.right, rect.centery))
        heading = text.fitted(tr("new_game.options"), "heading", th.text(26), theme.GOLD, self.area.w)
        blit_at(surface, heading, "topleft", (self.area.x, self.options_top))
        for variant, rect in self.variant_rows:  # each optional rule explained beside its switch
            words = self.ctx.game_ui.variant_text(variant)[1]
            x = rect.right + th.px(14)
            block = text.block(words, "body", th.text(16), theme.INK_MUTED, self.area.right - x, max_height=rect.h + 4)
            blit_at(surface, block, "midleft", (x, rect.centery))
        help_text = self.level_help()
        if help_text:
            if self.variant_rows:  # the explanations are beside the switches: the help goes over the start button
                top = self.variant_rows[-1][1].bottom + th.px(8)
            else:
                top = self.options_top + th.px(40) + th.px(56) + th.px(16)
            block = text.block(help_text, "body", th.text(19), theme.INK_MUTED, self.area.w, max_height=th.px(60))
            blit_at(surface, block, "topleft", (self.area.x, top))
        self.widgets.draw(surface, self.ctx)

    def screen_text(self) -> str:
        """Who will look at the screen, as the seats say (not a guess): one person always sees what is theirs; with
        more, the screen is handed over (the turn controller's screen holder)."""
        people = sum(kind == HUMAN for kind in self.kinds)
        if REMOTE_KIND in self.kinds:
            return tr("new_game.screen_remote")
        if self.ctx.game.secrets is Secrets.NONE:
            return ""  # every seat sees the same: nothing to hand over
        if people == 0:
            return tr("new_game.screen_computers")
        return tr("new_game.screen_alone") if people == 1 else tr("new_game.screen_shared", count=people)

    def level_help(self) -> str:
        """What the focused or hovered computer level does (from the opponents' own descriptions)."""
        widget = self.widgets.hover or self.widgets.focused()
        if isinstance(widget, Choice) and isinstance(widget.value, str) and widget.value.startswith(f"{COMPUTER}:"):
            level = widget.value.split(":", 1)[1]
            if level == REMOTE:
                return tr("new_game.remote_help")
            if level == EXTERNAL:
                return tr("new_game.external_help", command=self.ctx.settings.bot_command.strip())
            key = f"new_game.level_help.{level}"
            return tr(key) if has(key) else agent_levels(self.ctx.game).get(level, "")
        return ""


class ColourDisc(Widget):
    """A seat's colour (and person or computer) with the game's mark for it, if any (told apart without colour);
    clicking it gives the seat the next free colour."""

    def __init__(self, rect: Rect, colour: int, person: bool, on_click: Callable[[], None],
                 mark: pygame.Surface | None = None) -> None:
        super().__init__(rect)
        self.colour = colour
        self.person = person
        self.on_click = on_click
        self.mark = mark

    def activate(self) -> None:
        self.on_click()

    def draw(self, surface: pygame.Surface, ctx, focused: bool, hovered: bool) -> None:
        colour = theme.seat_colour(self.colour)
        centre = self.rect.center
        radius = self.rect.h // 2 - 2
        pygame.draw.circle(surface, theme.shade(colour, 0.65 if hovered else 0.5), centre, radius)
        pygame.draw.circle(surface, colour, centre, radius, width=ctx.theme.px(3))
        blit_at(surface, ctx.art.ui_icon("person" if self.person else "computer", round(self.rect.h * 0.5)), "center",
                centre)
        if self.mark is not None:
            blit_at(surface, self.mark, "center", (self.rect.right - self.mark.get_width() // 2 - 1,
                                                   self.rect.bottom - self.mark.get_height() // 2 - 1))
        if focused:
            draw_focus_ring(surface, self.rect, radius)
