"""A person's gestures on the table, turned into engine actions.

Three ways to play, one logic: drag a card and drop it; click a card to pick it
up and click where it goes; or move the keyboard focus with the arrows and
press Enter twice the same way. Every gesture ends in `activate(key)` or
`drop(key)` on a table key: ("draw",), ("discard",), ("drawn",), ("hand", i),
("cell", seat, index), ("legend", slot), ("claimed", seat, n), ("kingdom", seat)
(anywhere else on a kingdom's panel).

The rules are never decided here: the legal actions come from the
controller's decision and the reasons a place is refused from
`placement_problem`; an illegal drop only puts the card back and says why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, Sequence

import pygame
from pygame import Rect

from ....controller.game import Decision
from ....i18n import tr
from ....ui.widgets import ARROWS, nearest_in_direction
from ..engine import (
    AFTER_PLACE_STEP,
    ARRANGE_STEP,
    CARD_IN_HAND_STEPS,
    CENTRE,
    CLAIM,
    DRAW,
    PASS,
    PLACE,
    REVEAL,
    TAKE_DISCARD,
    TURN_START_STEP,
    Action,
    PlacementChange,
    Rules,
    arrange,
    claim,
    place,
    placement_change,
    placement_problem,
    reveal,
)
from ..words import card_name, legend_text
from .model import FACE_DOWN, TableModel

DRAG_THRESHOLD = 6  # pixels the mouse must move with the button down before a press becomes a drag
SNAP_BACK = 0.18


class Playing(Protocol):
    """What gestures need from the table: the decision, to play it, to say why not."""

    def decision(self) -> Decision | None: ...
    def play(self, actions: Sequence[Action], origin: Rect | None = None) -> None: ...
    def say(self, text: str) -> None: ...


class Board(Protocol):
    """What gestures need from the board: what is shown, where, and the status bar's buttons."""

    model: TableModel
    rules: Rules

    @property
    def table(self) -> Playing: ...

    def hit(self, pos: tuple[int, int]) -> tuple | None: ...
    def rect_of(self, key: tuple) -> Rect | None: ...
    def focusables(self) -> list[tuple]: ...
    def press(self, button: str) -> None: ...


@dataclass
class Held:
    """A card picked up: dragged (follows the mouse) or selected (lifted in place)."""

    source: tuple
    card: str  # a type id, or a legend id for a legend
    dragging: bool = False
    grab: tuple[int, int] = (0, 0)  # where on the card the mouse took it


@dataclass
class Gestures:
    board: Board
    held: Held | None = None
    press: tuple | None = None  # (key, pos) of a mouse press not yet a click or a drag
    mouse: tuple[int, int] = (0, 0)
    discarding: bool = False  # the drawn card is on the discard pile: a face-down card to reveal is next
    arrangement: dict[int, str] = field(default_factory=dict)  # setup: centre cell -> type id
    focus: tuple | None = None
    keyboard: bool = False  # the last gesture came from the keyboard (the focus ring shows)
    snap: tuple | None = None  # (card, from rect, to key, elapsed): a refused card going back
    select_drawn: bool = False  # after drawing, pick the new card up as soon as it has landed

    # -- state for the painter ----------------------------------------------------------

    @property
    def seat(self) -> int:
        decision = self.board.table.decision()
        return decision.seat if decision else -1

    def reset(self) -> None:
        """A new decision (or none): nothing held, no pending discard."""
        self.held = None
        self.press = None
        self.discarding = False

    def hand(self) -> list[str]:
        """Setup: the starting cards not yet put in the centre."""
        left = list(self.board.model.hand)
        for card in self.arrangement.values():
            if card in left:
                left.remove(card)
        return left

    def targets(self) -> dict[tuple, str | None]:
        """Where the held card may go: key -> None (legal) or the reason it may not; while the drawn card lies
        on the discard pile, the Unexplored Lands that may be revealed."""
        held, decision = self.held, self.board.table.decision()
        if held is None and self.discarding and decision is not None:
            seat = decision.seat
            return {("cell", seat, i): None if reveal(i // 4, i % 4) in decision.legal else "face-up"
                    for i in range(16)}
        if held is None or decision is None:
            return {}
        seat = decision.seat
        if held.source[0] == "legend":  # claimed by a drop anywhere on the kingdom, its cards or between them
            return {("kingdom", seat): None, **{("cell", seat, i): None for i in range(16)}}
        if decision.kind == ARRANGE_STEP:
            return {("cell", seat, i): None for i in CENTRE}
        kingdom = self.visible(seat)
        card = self.board.rules.type_index[held.card]
        out: dict[tuple, str | None] = {
            ("cell", seat, i): placement_problem(self.board.rules, kingdom, i, card) for i in range(16)
        }
        if held.source == ("drawn",) and any(a.kind == REVEAL for a in decision.legal):
            out[("discard",)] = None
        return out

    def visible(self, seat: int) -> tuple[int, ...]:
        index = self.board.rules.type_index
        return tuple(-1 if t in (None, FACE_DOWN) else index[t] for t in self.board.model.kingdoms[seat])

    def aimed(self) -> tuple | None:
        """The place the held card is over (mouse) or focused on (keyboard); while the drawn card lies on the
        discard pile, the land that a click (or Enter) would reveal, lifted like a place aimed at."""
        if self.held is None and not self.discarding:
            return None
        if self.keyboard:
            return self.focus
        return self.board.hit(self.mouse)

    def preview(self) -> tuple[int, PlacementChange] | None:
        """The score change of putting the held kingdom card on the place it is aimed at."""
        held, key = self.held, self.aimed()
        decision = self.board.table.decision()
        if held is None or key is None or key[0] != "cell" or decision is None or decision.kind == ARRANGE_STEP:
            return None
        if held.source[0] == "legend" or self.targets().get(key, "x") is not None:
            return None
        rules = self.board.rules
        claimed = [rules.legend_index[leg] for leg in self.board.model.claimed[decision.seat]]
        change = placement_change(rules, self.visible(decision.seat), claimed, key[2], rules.type_index[held.card])
        return key[2], change

    # -- mouse --------------------------------------------------------------------------------

    def mouse_down(self, pos: tuple[int, int], button: int) -> bool:
        self.mouse = pos
        if button != 1:
            return False
        self.keyboard = False
        key = self.board.hit(pos)
        if key is None:
            if self.held and not self.held.dragging:
                self.held = None
            return False
        self.press = (key, pos)
        return True

    def mouse_move(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        self.keyboard = False  # the mouse leads again: tips and targets follow it, not the keyboard's focus
        if self.press is None or self.held and self.held.dragging:
            return
        key, start = self.press
        if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < DRAG_THRESHOLD:
            return
        picked = self.pickable(key)
        if picked is None:
            if key == ("draw",):  # pulling a card off the draw pile draws it
                self.press = None
                self.activate(key)
            return
        rect = self.board.rect_of(key)
        grab = (start[0] - rect.x, start[1] - rect.y) if rect else (0, 0)
        self.held = Held(key, picked, dragging=True, grab=grab)
        self.press = None

    def mouse_up(self, pos: tuple[int, int], button: int) -> None:
        self.mouse = pos
        if button != 1:
            return
        if self.held is not None and self.held.dragging:
            self.drop(self.board.hit(pos), from_rect=self.drag_rect())
        elif self.press is not None:
            key, _ = self.press
            self.press = None
            self.activate(key)

    def drag_rect(self) -> Rect | None:
        """Where the dragged card is drawn: under the mouse, held where it was taken."""
        if self.held is None or not self.held.dragging:
            return None
        size = self.board.rect_of(self.held.source)
        if size is None:
            return None
        return Rect(self.mouse[0] - self.held.grab[0], self.mouse[1] - self.held.grab[1], size.w, size.h)

    # -- keyboard -------------------------------------------------------------------------------

    def key_down(self, key: int) -> bool:
        if key in ARROWS:
            self.keyboard = True
            items = self.board.focusables()
            if not items:
                return False
            if self.focus not in items:
                self.focus = items[0]
                return True
            # a place without a rect (a button not laid out yet) cannot be reached by an arrow
            placed = {k: rect for k in items if (rect := self.board.rect_of(k)) is not None}
            if self.focus in placed:
                keys = list(placed)
                self.focus = keys[nearest_in_direction(list(placed.values()), keys.index(self.focus), ARROWS[key])]
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.keyboard = True
            if self.focus is not None:
                self.activate(self.focus)
            else:  # nothing focused yet: setup accepts the offered order
                self.confirm_arrangement()
            return True
        if key == pygame.K_ESCAPE:
            return self.put_back()
        return False

    def put_back(self) -> bool:
        """Esc or a right-click: the card in hand goes back (or the drawn card, on its way to the discard pile,
        comes back to hand); whether there was one."""
        if self.held is None and not self.discarding:
            return False
        self.held = None
        self.press = None
        self.discarding = False
        return True

    def cycle_focus(self, step: int) -> None:
        """Tab (Shift+Tab): the focus to the next (previous) place in the table's order, as in the menus."""
        self.keyboard = True
        items = [k for k in self.board.focusables() if self.board.rect_of(k) is not None]
        if items:
            at = items.index(self.focus) if self.focus in items else (-1 if step > 0 else 0)
            self.focus = items[(at + step) % len(items)]

    def take_back(self) -> bool:
        """Ctrl+Z on what the game has not seen yet: a card picked up goes back (not the one drawn from the pile,
        which is final), and while the starting cards are arranged the last one put in the centre returns to the
        hand. False when there is no such thing (the controller's undo, or its reason, answers then)."""
        if self.discarding or self.held is not None and self.held.source != ("drawn",):
            self.held = None
            self.discarding = False
            return True
        decision = self.board.table.decision()
        if decision is not None and decision.kind == ARRANGE_STEP and decision.human and self.arrangement:
            del self.arrangement[next(reversed(self.arrangement))]  # the last put in place (see _arrange_drop)
            return True
        return False

    # -- the one logic behind clicks, Enter and drops -------------------------------------------------

    def pickable(self, key: tuple) -> str | None:
        """The card (type or legend id) a person may pick up at `key` now, or None."""
        decision, model = self.board.table.decision(), self.board.model
        if decision is None or not decision.human:
            return None
        kinds = {a.kind for a in decision.legal}
        if decision.kind == ARRANGE_STEP:
            if key[0] == "hand" and key[1] < len(self.hand()):
                return self.hand()[key[1]]
            if key[0] == "cell" and key[1] == decision.seat and key[2] in self.arrangement:
                return self.arrangement[key[2]]
            return None
        if key == ("discard",) and TAKE_DISCARD in kinds and model.discard_top and not self.discarding:
            return model.discard_top
        if key == ("drawn",) and PLACE in kinds and model.drawn and not self.discarding:
            return model.drawn
        if key[0] == "legend" and CLAIM in kinds and key[1] < len(model.legend_row):
            legend = model.legend_row[key[1]]
            return legend if claim(legend) in decision.legal else None
        return None

    def activate(self, key: tuple) -> None:
        """A click, or Enter on the focused place."""
        decision = self.board.table.decision()
        if decision is None or not decision.human:
            return
        if key[0] == "button":
            self.board.press(key[1])
            return
        held = self.held
        if held is not None:
            if key == held.source:
                self.held = None
            elif key in self.targets() or (key[0] == "hand" and decision.kind == ARRANGE_STEP):
                self.drop(key, from_rect=self.board.rect_of(held.source))
            elif card := self.pickable(key):
                self.held = Held(key, card)
            else:
                self.held = None
            return
        if self.discarding:
            self._reveal_or_explain(key, decision)
            return
        if key == ("draw",):
            if DRAW in {a.kind for a in decision.legal}:
                self.select_drawn = True
                self.board.table.play([Action(DRAW)])
            elif decision.kind == TURN_START_STEP:
                self.board.table.say(tr("table.say.draw_empty"))
            return
        if key[0] == "legend":
            self._claim_or_explain(key[1], decision)
            return
        picked = self.pickable(key)
        if picked is not None:
            self.held = Held(key, picked)
            if self.keyboard:
                self._focus_first_target()
        elif key[0] == "cell" and key[1] == decision.seat and decision.kind in CARD_IN_HAND_STEPS:
            self.board.table.say(tr("table.say.pick_up_first"))

    def drop(self, key: tuple | None, from_rect: Rect | None) -> None:
        """Put the held card down on `key`: play it if that is legal, else it goes back."""
        held, decision = self.held, self.board.table.decision()
        self.held = None
        if held is None or decision is None:
            return
        targets = self.targets_for(held)
        if decision.kind == ARRANGE_STEP:
            self._arrange_drop(held, key)
            return
        if key is None or key not in targets or targets[key] is not None:
            if key in targets:
                self.board.table.say(self.reason_text(targets[key], key))
            self._snap_back(held, from_rect)
            return
        if held.source[0] == "legend":
            self.board.table.play([claim(held.card)])
        elif key == ("discard",):
            self.discarding = True
            self.focus = self._first_face_down(decision.seat) if self.keyboard else self.focus
        elif held.source == ("discard",):
            self.board.table.play([Action(TAKE_DISCARD), place(key[2] // 4, key[2] % 4)], origin=from_rect)
        else:
            self.board.table.play([place(key[2] // 4, key[2] % 4)], origin=from_rect)

    def targets_for(self, held: Held) -> dict[tuple, str | None]:
        saved, self.held = self.held, held
        try:
            return self.targets()
        finally:
            self.held = saved

    def end_turn(self) -> None:
        decision = self.board.table.decision()
        if decision is not None and decision.human and Action(PASS) in decision.legal:
            self.board.table.play([Action(PASS)])

    # -- setup ----------------------------------------------------------------------------------

    def _arrange_drop(self, held: Held, key: tuple | None) -> None:
        seat = self.seat
        if key is not None and key[0] == "cell" and key[1] == seat and key[2] in CENTRE:
            cell = key[2]
            if held.source[0] == "cell":
                old = held.source[2]
                if cell in self.arrangement:
                    self.arrangement[old] = self.arrangement[cell]
                else:
                    del self.arrangement[old]
            self.arrangement.pop(cell, None)  # put in place last: the one Ctrl+Z takes back first
            self.arrangement[cell] = held.card
        elif key is not None and key[0] == "hand" and held.source[0] == "cell":
            del self.arrangement[held.source[2]]
        if self.keyboard:
            self.focus = ("hand", 0) if self.hand() else ("cell", seat, CENTRE[0])

    def confirm_arrangement(self) -> None:
        """Enter or the confirm button: the empty centre places get the rest of the hand, in order."""
        decision = self.board.table.decision()
        if decision is None or decision.kind != ARRANGE_STEP or not decision.human:
            return
        rest = self.hand()
        for cell in CENTRE:
            if cell not in self.arrangement:
                self.arrangement[cell] = rest.pop(0)
        cards = [self.arrangement[c] for c in CENTRE]
        self.arrangement = {}
        self.held = None
        self.board.table.play([arrange(*cards)], origin=Rect(0, 0, 0, 0))

    # -- explanations ----------------------------------------------------------------------------

    def reason_text(self, reason: str | None, key: tuple) -> str:
        if key[0] != "cell":
            return ""
        here = self.board.model.kingdoms[key[1]][key[2]]
        name = card_name(self.board.rules.cards, here) if here not in (None, FACE_DOWN) else ""
        return tr(f"table.reason.{reason}", card=name)

    def _claim_or_explain(self, slot: int, decision: Decision) -> None:
        model = self.board.model
        if slot >= len(model.legend_row):
            return
        legend = model.legend_row[slot]
        if claim(legend) in decision.legal:
            self.board.table.play([claim(legend)])
        elif model.claimed_this_turn:
            self.board.table.say(tr("table.say.one_claim_per_turn"))
        elif decision.kind not in (TURN_START_STEP, AFTER_PLACE_STEP):
            self.board.table.say(tr("table.say.claim_not_now"))
        else:
            self.board.table.say(tr("table.say.not_met", text=legend_text(self.board.rules.cards, legend)))

    def _reveal_or_explain(self, key: tuple, decision: Decision) -> None:
        if key in (("discard",), ("drawn",)):
            self.discarding = False
            return
        if key[0] == "cell" and key[1] == decision.seat:
            action = reveal(key[2] // 4, key[2] % 4)
            if action in decision.legal:
                self.discarding = False
                self.board.table.play([action], origin=self.board.rect_of(("discard",)))
                return
        self.board.table.say(tr("table.say.reveal_face_down"))

    def _snap_back(self, held: Held, from_rect: Rect | None) -> None:
        if from_rect is not None and held.dragging:
            self.snap = (held.card, from_rect, held.source, 0.0)

    def update(self, dt: float, speed: float) -> None:
        if self.snap is not None:
            card, rect, key, elapsed = self.snap
            elapsed += dt
            self.snap = None if elapsed >= SNAP_BACK * speed else (card, rect, key, elapsed)

    def _first_face_down(self, seat: int) -> tuple | None:
        cells = self.board.model.kingdoms[seat]
        return next((("cell", seat, i) for i, t in enumerate(cells) if t == FACE_DOWN), self.focus)

    def _focus_first_target(self) -> None:
        legal = [k for k, reason in self.targets().items() if reason is None and k[0] == "cell"]
        if legal:
            self.focus = legal[0]

    def after_beats(self) -> None:
        """The table is idle again: pick the drawn card up if the person just drew it."""
        if self.select_drawn and self.board.table.decision() is not None:
            self.select_drawn = False
            picked = self.pickable(("drawn",))
            if picked is not None:
                self.held = Held(("drawn",), picked)
                if self.keyboard:
                    self._focus_first_target()
