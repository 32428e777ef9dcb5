"""The person's hands on the Draco Mundis table: mouse and keyboard turned into actions.

What may be done comes from the decision's legal actions (the person's own list, which
shows nothing the seat does not know); what is tried and is not legal is handed to the
table, which asks the engine why (`why_illegal`) and says so. The gestures keep only the
person's half-made choices: the token picked from the supply, the selected character, a
facing being chosen, the small menu of a square where several actions are possible, the
keyboard cursor.

Setup: pick a token in the tray (click, or Tab), then a square (click, drop, or Enter at
the cursor); an explorer then asks for its facing. Turns: select one of your characters
(click, or Tab), then click (or Enter on) a target: a square to move to, a token to peek at
or reveal, an enemy to fight or capture, a campsite to destroy, the trap to push. Drag a
character to move it. T turns the selected character (a dial), S sacrifices it, P passes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from ....i18n import tr
from ..actions import (
    FACING_INDEX,
    FACINGS,
    Capture,
    Destroy,
    Fight,
    Move,
    Pass,
    Peek,
    Place,
    Push,
    Reveal,
    RevealAny,
    Rotate,
    Sacrifice,
    Select,
    row_col,
    square,
)
from ..board import FACING_STEPS, Square
from ..events import Event
from ..view import Token

if TYPE_CHECKING:
    from .board import DracoBoard

DRAG_START = 8  # pixels the mouse travels before a press becomes a drag
KEY_FACINGS = {pygame.K_UP: "N", pygame.K_RIGHT: "E", pygame.K_DOWN: "S", pygame.K_LEFT: "W"}
# What a click on a target does, in the order a square's menu lists them.
OPTION_ORDER = ("move", "capture", "fight", "peek", "reveal", "reveal-any", "destroy", "push")


def at_of(sq: int) -> Square:
    return row_col(sq)


@dataclass
class Facing:
    """A facing being chosen on `at` for: "place" (an explorer), "reveal", "reveal-any" or "rotate"."""

    purpose: str
    at: Square
    kind: str = ""  # the token placed


@dataclass
class Menu:
    """The actions possible on one square, to choose from (1, 2, 3... or a click)."""

    at: Square
    options: list[str]
    focus: int = 0


@dataclass
class Press:
    pos: tuple[int, int]
    source: tuple  # ("square", at) or ("tray", kind)
    dragging: bool = False


@dataclass
class Gestures:
    board: "DracoBoard"
    tray_kind: str | None = None
    chosen: Square | None = None  # the square of the character the person selected (see `selected`)
    facing: Facing | None = None
    menu: Menu | None = None
    press: Press | None = None
    mouse: tuple[int, int] = (0, 0)
    cursor: Square = (0, 0)
    keyboard: bool = False
    _legal: dict[str, Any] = field(default_factory=dict)

    # -- the selected character --------------------------------------------------------------------

    @property
    def selected(self) -> Square | None:
        """The selected character's square, while one of the viewer's characters stands there on the board as it
        is drawn now. An action's animation moves and removes characters beat by beat, long before the next
        decision: whatever reads the selection then finds none rather than an empty square."""
        at = self.chosen
        if at is None:
            return None
        spot = self.board.model.squares.get(at)
        if spot is None or spot.character is None or spot.character.owner != self.board.table.viewer:
            return None
        return at

    @selected.setter
    def selected(self, at: Square | None) -> None:
        self.chosen = at

    def selected_token(self) -> tuple[Square, Token] | None:
        """The selected character and where it stands (None: none is selected)."""
        at = self.selected
        if at is None:
            return None
        token = self.board.model.squares[at].character
        return (at, token) if token is not None else None

    def played(self, events: Sequence[Event]) -> None:
        """The person played an action: nothing half-made outlives it, at once, not only when its animation is
        over (the facing dial, the square's menu, a press or drag, the supply pick, the targets of the decision
        just taken). The selected character goes where the action took it (a move, a capture), so that it stays
        selected for the turn's next action; if it fell in a fight or was sacrificed, `selected` finds none."""
        self.facing = None
        self.menu = None
        self.press = None
        self.tray_kind = None
        self._legal = {}
        for event in events:
            if event.kind in ("move", "capture") and event.at == self.chosen:
                self.chosen = event.to

    # -- what the decision allows ---------------------------------------------------------------

    def reset(self) -> None:
        """A new decision: nothing half-made survives it (the selected character does, if it still acts)."""
        self.facing = None
        self.menu = None
        self.press = None
        decision = self.board.table.decision()
        legal = list(decision.legal) if decision is not None else []
        self._legal = {"all": legal}
        model = self.board.model
        if self.selected is not None:
            spot = model.squares.get(self.selected)
            if decision is None or spot is None or spot.character is None or spot.character.owner != decision.seat:
                self.selected = None
        if decision is None or decision.kind == "act":
            self.tray_kind = None
        elif self.tray_kind is not None and self.tray_kind not in self.supply():
            self.tray_kind = None
        if decision is not None and not model.in_use(self.cursor):
            self.cursor = (model.rows // 2, (model.columns[0] + model.columns[1]) // 2)

    @property
    def legal(self) -> list[Any]:
        return self._legal.get("all", [])

    def supply(self) -> list[str]:
        """The kinds the person may place now, in the data's order."""
        decision = self.board.table.decision()
        if decision is None or decision.kind == "act":
            return []
        if decision.kind == "place":
            return [self.board.model.selected] if self.board.model.selected else []
        return [a.token for a in decision.legal if isinstance(a, Select)]

    def tray(self) -> list[str]:
        """Every kind of the person's supply in this game, in the data's order, while they place: each keeps
        its slot in the tray (those all placed are greyed), so that nothing shifts under the pointer."""
        if not self.supply():
            return []
        rules = self.board.game.rules
        counts = rules.token_counts(frozenset(self.board.model.variants))
        return [kind for kind, n in zip(rules.kinds, counts) if n > 0]

    def seat(self) -> int:
        decision = self.board.table.decision()
        return decision.seat if decision is not None else -1

    def own_characters(self) -> list[Square]:
        return [at for at, _ in self.board.model.characters_of(self.seat())]

    def targets(self) -> dict[Square, list[str]]:
        """Square -> what a click there does now (with the selected character, or any of yours)."""
        out: dict[Square, list[str]] = {}

        def add(at: Square, option: str) -> None:
            options = out.setdefault(at, [])
            if option not in options:
                options.append(option)

        sel = square(*self.selected) if self.selected is not None else None
        near = set(self.board.model.neighbours(self.selected)) if self.selected is not None else None
        for a in self.legal:
            if isinstance(a, Move) and a.origin == sel:
                add(at_of(a.target), "move")
            elif isinstance(a, Capture) and a.origin == sel:
                add(at_of(a.target), "capture")
            elif isinstance(a, Push) and (sel is None or a.by == sel):
                add(at_of(a.at), "push")
            elif isinstance(a, (Fight, Peek, Reveal, Destroy)) and (near is None or at_of(a.at) in near):
                add(at_of(a.at), {Fight: "fight", Peek: "peek", Reveal: "reveal", Destroy: "destroy"}[type(a)])
            elif isinstance(a, RevealAny):
                add(at_of(a.at), "reveal-any")
        for options in out.values():
            options.sort(key=OPTION_ORDER.index)
        return out

    def actors(self) -> set[Square]:
        """Your characters that have something to do (they glow when nothing is selected)."""
        out = set()
        for a in self.legal:
            origin = getattr(a, "origin", None) if isinstance(a, (Move, Capture)) else \
                a.by if isinstance(a, Push) else a.at if isinstance(a, (Rotate, Sacrifice)) else None
            if origin is not None:
                out.add(at_of(origin))
        return out

    def arrows(self) -> list[tuple[str, list[Square], list[Square]]]:
        """The selected character's arrows: (direction, the squares its arrow reaches, those it may move to)."""
        if self.selected is None:
            return []
        model = self.board.model
        spot = model.squares.get(self.selected)
        if spot is None or spot.character is None or spot.character.facing is None:
            return []
        character = next(c for c in model.data.characters if c.id == spot.character.kind)
        facing = FACING_INDEX[spot.character.facing]
        moves = {t for t, options in self.targets().items() if "move" in options or "capture" in options}
        out = []
        # data arrows: forward, left, right, back -> turns of 0, 3, 1, 2 quarter turns clockwise
        for reach, turn in zip(character.arrows, (0, 3, 1, 2)):
            direction = FACINGS[(facing + turn) % 4]
            dr, dc = FACING_STEPS[direction]
            line = [(self.selected[0] + dr * k, self.selected[1] + dc * k) for k in range(1, reach + 1)]
            line = [at for at in line if model.in_use(at)]
            out.append((direction, line, [at for at in line if at in moves]))
        return out

    def can(self, action: Any) -> bool:
        return action in self.legal

    def rotations(self) -> list[str]:
        if self.selected is None:
            return []
        sq = square(*self.selected)
        return [FACINGS[a.facing] for a in self.legal if isinstance(a, Rotate) and a.at == sq]

    def sacrifice(self) -> Sacrifice | None:
        if self.selected is None:
            return None
        sq = square(*self.selected)
        return next((a for a in self.legal if isinstance(a, Sacrifice) and a.at == sq), None)

    # -- choosing ------------------------------------------------------------------------------------

    def choose_kind(self, kind: str) -> None:
        self.tray_kind = None if self.tray_kind == kind else kind
        self.facing = None

    def activate(self, at: Square, drop_from: Square | None = None) -> None:
        """A click (or Enter, or a drop) on a square."""
        self.cursor = at
        decision = self.board.table.decision()
        if decision is None:
            return
        if self.facing is not None and self.facing.at == at:
            return  # the arrows around it choose; a click on the square itself changes nothing
        self.facing = None
        self.menu = None
        if decision.kind != "act":
            self.place_at(at)
            return
        model = self.board.model
        spot = model.squares.get(at)
        mine = spot is not None and spot.character is not None and spot.character.owner == decision.seat
        options = self.targets().get(at, [])
        if drop_from is not None:  # a dragged character: only what it can do there
            options = [o for o in options if o in ("move", "capture")]
        if mine and not options:
            self.selected = None if self.selected == at and drop_from is None else at
            return
        if not options and drop_from is not None:
            self.refuse_drop(drop_from, at)
            return
        if not options:
            self.refuse(at)
            return
        if len(options) == 1:
            self.choose(at, options[0])
        else:
            self.menu = Menu(at, options)

    def choose(self, at: Square, option: str) -> None:
        """Carry out one option on a square (those that need a facing ask for it first)."""
        self.menu = None
        sq = square(*at)
        sel = square(*self.selected) if self.selected is not None else None
        if option in ("reveal", "reveal-any"):
            self.ask_facing(Facing(option, at))
        elif option == "move" and sel is not None:
            self.board.play(Move(sel, sq))
        elif option == "capture" and sel is not None:
            self.board.play(Capture(sel, sq))
        elif option == "push":
            by = sel if sel is not None else next(a.by for a in self.legal if isinstance(a, Push) and a.at == sq)
            self.board.play(Push(by, sq))
        elif option == "fight":
            self.board.play(Fight(sq))
        elif option == "peek":
            self.board.play(Peek(sq))
        elif option == "destroy":
            self.board.play(Destroy(sq))

    def place_at(self, at: Square) -> None:
        kind = self.tray_kind or (self.supply()[0] if len(self.supply()) == 1 else None)
        if kind is None:
            self.board.say_key("pick_token")
            return
        face_up = self.board.model.data.token(kind) in self.board.model.data.characters and next(
            c for c in self.board.model.data.characters if c.id == kind).placed_face_up
        action = Place(kind, square(*at), 0 if face_up else -1)
        problem = self.board.table.why_illegal(action)
        if problem is not None:
            self.board.refuse(problem)
            return
        if face_up:
            self.facing = Facing("place", at, kind)
        else:
            self.board.play(Place(kind, square(*at)))

    def facings(self, pending: Facing) -> list[str]:
        """The facings worth offering: a turn, to any other facing; a reveal of a token the person knows is a land
        or the trap, one (its facing is ignored); else all four."""
        if pending.purpose == "rotate":
            return self.rotations()
        if pending.purpose in ("reveal", "reveal-any"):
            spot = self.board.model.squares.get(pending.at)
            known = spot.down_kind if spot is not None else None
            if known is not None and self.board.model.kind_group(known) != "character":
                return [FACINGS[0]]
        return list(FACINGS)

    def ask_facing(self, pending: Facing) -> None:
        """The facing picker, unless only one facing makes sense: then that one, at once."""
        self.facing = pending
        offered = self.facings(pending)
        if len(offered) == 1:
            self.face(offered[0])

    def face(self, facing: str) -> None:
        """The facing picker's choice (one it does not offer, such as a turn to the facing it has, keeps it open)."""
        pending = self.facing
        if pending is None or facing not in self.facings(pending):
            return
        self.facing = None
        sq, f = square(*pending.at), FACING_INDEX[facing]
        if pending.purpose == "place":
            self.board.play(Place(pending.kind, sq, f))
        elif pending.purpose == "reveal":
            self.board.play(Reveal(sq, f))
        elif pending.purpose == "reveal-any":
            self.board.play(RevealAny(sq, f))
        elif pending.purpose == "rotate":
            self.board.play(Rotate(sq, f))

    def rotate(self) -> None:
        if self.selected is None or not self.rotations():
            if self.selected is not None:
                self.refuse_action(Rotate(square(*self.selected), 0))
            else:
                self.board.say_key("select_first")
            return
        self.menu = None
        self.ask_facing(Facing("rotate", self.selected))

    def do_sacrifice(self) -> None:
        action = self.sacrifice()
        if action is not None:
            self.board.play(action)
        elif self.selected is not None:
            self.refuse_action(Sacrifice(square(*self.selected)))
        else:
            self.board.say_key("select_first")

    def do_pass(self) -> None:
        """Pass (P or the button): asked first, since actions left are given up; then the turn ends (the person
        asked for it in so many words)."""
        if not self.can(Pass()):
            return
        from ....ui.scenes.dialogs import confirm

        left = self.board.model.actions_left
        message = tr("draco_table.pass_confirm.text_one") if left == 1 else \
            tr("draco_table.pass_confirm.text", count=left)
        confirm(self.board.table.app, tr("draco_table.pass_confirm.title"), message, tr("draco_table.pass_confirm.yes"),
                self.pass_now, no=tr("draco_table.pass_confirm.no"))

    def pass_now(self) -> None:
        if self.can(Pass()):
            self.board.play(Pass())
            self.board.table.end_turn()

    def refuse(self, at: Square) -> None:
        """Why nothing can be done on this square now, in words (the engine's reason where it has one)."""
        model = self.board.model
        spot = model.squares.get(at)
        seat = self.seat()
        sq = square(*at)
        if not model.in_use(at):
            self.board.say_key("out_of_play")
            return
        if self.selected is not None and (spot is None or (spot.character is None and spot.down < 0)):
            self.refuse_action(Move(square(*self.selected), sq))
        elif spot is None:
            self.board.say_key("select_first" if self.selected is None else "nothing_here")
        elif spot.down >= 0:
            self.refuse_action(Reveal(sq, 0) if not any(isinstance(a, RevealAny) for a in self.legal)
                               else RevealAny(sq, 0))
        elif spot.character is not None and spot.character.owner != seat:
            selected = self.selected
            mover = model.squares[selected].character if selected is not None else None
            if selected is not None and mover is not None and mover.kind in self.capturers():
                self.refuse_action(Capture(square(*selected), sq))
            else:
                self.refuse_action(Fight(sq))
        elif spot.land is not None and self.selected is not None and spot.land.owner != seat:
            self.refuse_action(Move(square(*self.selected), sq))
        elif spot.trap is not None:
            self.refuse_action(Push(square(*self.selected), sq) if self.selected is not None else Fight(sq))
        else:
            self.board.say_key("nothing_here")

    def refuse_drop(self, origin: Square, at: Square) -> None:
        """Why a character dragged there cannot go there: its move's reason (a cannibal's capture's, onto an
        enemy character), not that of a click on the square (which may well be legal: a peek, a reveal)."""
        spot = self.board.model.squares.get(at)
        mover = self.board.model.squares[origin].character
        if mover is not None and mover.kind in self.capturers() and spot is not None and spot.character is not None \
                and spot.character.owner != mover.owner:
            self.refuse_action(Capture(square(*origin), square(*at)))
        else:
            self.refuse_action(Move(square(*origin), square(*at)))

    def capturers(self) -> set[str]:
        return {c.id for c in self.board.model.data.characters if c.capture is not None}

    def refuse_action(self, action: Any) -> None:
        problem = self.board.table.why_illegal(action)
        if problem is not None:
            self.board.refuse(problem)
        else:
            self.board.say_key("nothing_here")

    # -- the mouse ------------------------------------------------------------------------------------------

    def mouse_down(self, pos: tuple[int, int]) -> None:
        self.keyboard = False
        self.mouse = pos
        board = self.board
        if self.menu is not None:
            picked = board.menu_option_at(pos)
            if picked is not None:
                self.choose(self.menu.at, self.menu.options[picked])
                return
            self.menu = None
        if self.facing is not None:
            picked_facing = board.facing_at(pos)
            if picked_facing is not None:
                self.face(picked_facing)
                return
            at = board.layout.square_at(pos)
            if at == self.facing.at:  # press on the square and drag out towards a side
                self.press = Press(pos, ("facing", at))
                return
            self.facing = None
        kind = board.tray_kind_at(pos)
        if kind is not None:  # chosen by the click, or by the drag that starts here (see mouse_move, mouse_up)
            self.press = Press(pos, ("tray", kind))
            return
        at = board.layout.square_at(pos)
        if at is not None:
            self.press = Press(pos, ("square", at))

    def mouse_move(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        self.keyboard = False
        press = self.press
        if press is not None and not press.dragging:
            if abs(pos[0] - press.pos[0]) + abs(pos[1] - press.pos[1]) >= DRAG_START:
                source = press.source
                own = (source[0] == "square" and source[1] in self.own_characters()
                       and self.board.model.decision == "act")
                press.dragging = source[0] in ("tray", "facing") or own
                if source[0] == "tray":  # the token dragged is the one chosen, whichever was before
                    self.tray_kind = source[1]
                    self.facing = None
                if own:
                    self.selected = source[1]
                    self.menu = None

    def mouse_up(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        press, self.press = self.press, None
        if press is None:
            return
        at = self.board.layout.square_at(pos)
        if press.source[0] == "facing":
            facing = self.drag_facing(press.pos, pos)
            if facing is not None and press.dragging:
                self.face(facing)
            return
        if press.source[0] == "tray":
            if press.dragging and at is not None:
                self.activate(at)
            elif not press.dragging:  # a click on the tray picks its token (again: puts it back)
                self.choose_kind(press.source[1])
            return
        if not press.dragging:
            if at is not None and at == press.source[1]:
                self.activate(at)
            return
        if at is not None and at != press.source[1]:
            self.activate(at, drop_from=press.source[1])

    def put_back(self) -> bool:
        """What is in hand goes back (a drag, the facing dial, the square's menu): the selection stays."""
        if self.press is None and self.facing is None and self.menu is None:
            return False
        self.press = self.facing = self.menu = None
        return True

    def drag_facing(self, start: tuple[int, int], end: tuple[int, int]) -> str | None:
        dx, dy = end[0] - start[0], end[1] - start[1]
        if max(abs(dx), abs(dy)) < DRAG_START:
            return None
        if abs(dx) > abs(dy):
            return "E" if dx > 0 else "W"
        return "S" if dy > 0 else "N"

    def dragged(self) -> tuple[tuple, tuple[int, int]] | None:
        """What is being dragged and where the mouse is: (source, mouse)."""
        if self.press is not None and self.press.dragging and self.press.source[0] != "facing":
            return self.press.source, self.mouse
        return None

    # -- the keyboard ------------------------------------------------------------------------------------------

    def key_down(self, key: int) -> bool:
        """True when the key was used; only a key used here shows the keyboard's cursor (H for a hint or L for the
        log do not: the cursor, in the hint's colour, looked like a second place the hint points at, and took
        the tooltips from the mouse)."""
        used = self.use_key(key)
        self.keyboard = self.keyboard or used
        return used

    def use_key(self, key: int) -> bool:
        decision = self.board.table.decision()
        if decision is None:
            return False
        if self.facing is not None:
            if key in KEY_FACINGS:
                self.face(KEY_FACINGS[key])
                return True
            if key == pygame.K_ESCAPE:
                self.facing = None
                return True
            return key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
        if self.menu is not None:
            return self.menu_key(key)
        model = self.board.model
        if key in KEY_FACINGS:
            dr, dc = FACING_STEPS[KEY_FACINGS[key]]
            row = min(model.rows - 1, max(0, self.cursor[0] + dr))
            col = min(model.columns[1], max(model.columns[0], self.cursor[1] + dc))
            self.cursor = (row, col)
            return True
        if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.activate(self.cursor)
            return True
        if key == pygame.K_TAB:
            self.cycle(-1 if pygame.key.get_mods() & pygame.KMOD_SHIFT else 1)
            return True
        if key == pygame.K_ESCAPE and (self.selected is not None or self.tray_kind is not None):
            self.selected = None
            self.tray_kind = None
            return True
        if decision.kind != "act":
            return False
        if key == pygame.K_t:
            self.rotate()
            return True
        if key == pygame.K_s:
            self.do_sacrifice()
            return True
        if key == pygame.K_p:
            self.do_pass()
            return True
        return False

    def menu_key(self, key: int) -> bool:
        menu = self.menu
        assert menu is not None, "the menu's keys go to an open menu"
        if key == pygame.K_ESCAPE:
            self.menu = None
        elif key in (pygame.K_UP, pygame.K_LEFT):
            menu.focus = (menu.focus - 1) % len(menu.options)
        elif key in (pygame.K_DOWN, pygame.K_RIGHT):
            menu.focus = (menu.focus + 1) % len(menu.options)
        elif key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.choose(menu.at, menu.options[menu.focus])
        elif pygame.K_1 <= key < pygame.K_1 + len(menu.options):
            self.choose(menu.at, menu.options[key - pygame.K_1])
        return True

    def cycle(self, step: int) -> None:
        """Tab: the next token of the tray (setup) or the next of your characters (turns)."""
        supply = self.supply()
        if supply:
            index = supply.index(self.tray_kind) + step if self.tray_kind in supply else 0
            self.tray_kind = supply[index % len(supply)]
            return
        own = self.own_characters()
        if not own:
            return
        index = own.index(self.selected) + step if self.selected in own else 0
        self.selected = own[index % len(own)]
        self.cursor = self.selected
