"""Draco Mundis: the game's handle (data, engine, computer levels, narration).

The registry (`drako_desktop.games`) calls `load(folder)`; everything the shared layers need
of this game goes through the returned `DracoMundis`. Beyond `interface.game.Game`, the handle
offers `state_from_view` (a full state from one seat's view and an assignment of the hidden
kinds, for searches).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cached_property, partial
from pathlib import Path
from typing import Any

from ... import resources
from ...interface.game import Agent, AnyState, Secrets, Variant, built_in_level, fields_from_json, own_state
from .actions import Action, Place, Select, action_from_json
from .ai import EXPERT, HARD, LEVELS, YARDSTICKS, EasyAgent, MediumAgent, SamplingAgent, SearchAgent
from .ai.placement import Placement
from .data import GAME_ID, DracoData, load_data
from .engine import VARIANTS, GameState
from .events import Event
from .narrate import describe, hint_reason, missed
from .record import record
from .rules import Rules
from .twin import hidden_twin
from .view import View

__all__ = ["DracoMundis", "GameState", "View", "default_folder", "load"]


class DracoMundis:
    """The handle of one data set of Draco Mundis (the bundled data, or a house-rules folder)."""

    id = GAME_ID
    seeded = False  # no chance at all: (players, first, variants, actions) decide everything
    setup_confirmed = True  # a placement is taken back until the person confirms their placements
    secrets = Secrets.LEARNED  # each seat knows its own face-down tokens, and learns more when it peeks
    levels: Mapping[str, str] = LEVELS
    yardsticks: Mapping[str, str] = YARDSTICKS  # benchmark opponents (`ai.agents.yardsticks`)

    def __init__(self, data: DracoData) -> None:
        self.data = data
        self.rules = Rules(data)
        self.name = data.name
        self.folder = data.folder
        self.identity = data.identity
        self.former_identities = data.former_identities
        self.min_players = data.min_players
        self.max_players = data.max_players
        self.variants = tuple(Variant(v, data.variants.description(v)) for v in VARIANTS)

    def new_state(self, players: int, seed: int, first: int, variants: Sequence[str] = ()) -> GameState:
        """A new game; the seed is ignored (the game has no chance)."""
        return GameState.new(self.rules, players, first, variants)

    def action_from_json(self, obj: Any) -> Action:
        return action_from_json(obj, self.rules.face_up_kinds)

    def view_from_json(self, obj: Any) -> View:
        return View.from_json(obj)

    def decisions_of(self, action: Action, kind: str) -> list[Action]:
        """A placement made in one step at a select decision: its select, then itself (`GameState.decision_of`)."""
        return [Select(action.token), action] if isinstance(action, Place) and kind == "select" else [action]

    def event_from_json(self, obj: Any) -> Event:
        return fields_from_json(Event, obj)

    def make_agent(self, level: str, seed: int) -> Agent:
        return built_in_level({"easy": EasyAgent, "medium": MediumAgent, "hard": partial(SearchAgent, effort=HARD),
                               "expert": partial(SearchAgent, effort=EXPERT), "sampler": SamplingAgent},
                              level, self.rules, seed)

    def analyst(self, seed: int, iterations: int) -> SearchAgent:
        """The expert level with a fixed number of sampled worlds per decision (reproducible)."""
        return SearchAgent(self.rules, seed, EXPERT, iterations=iterations)

    def hint_reason(self, view: View, action: Action) -> str:
        """Why, in words; a setup hint (which token next) explains the search levels' placement policy for it."""
        role = self._placement.role(action.token) if isinstance(action, Select) else None
        return hint_reason(self.data, view, action, role=role)

    @cached_property
    def _placement(self) -> Placement:
        return SearchAgent(self.rules, 0, iterations=1).placement  # the search levels' placement policy

    def missed(self, view: View, chosen: Action, best: Action) -> list[str]:
        return missed(self.data, view, chosen, best)

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        return describe(event, names, self.data)

    def score_reports(self, any_state: AnyState) -> list[dict[str, Any]]:
        """Per seat the score lines of the rule book's table and the total."""
        state = own_state(any_state, GameState, "Draco Mundis")
        return [{"categories": b.as_dict(), "total": b.total} for b in state.scores()]

    def result(self, any_state: AnyState) -> dict[str, Any]:
        """Per seat the score lines and total, the winners, and how the game ended ("last-reveal" or "stall")."""
        state = own_state(any_state, GameState, "Draco Mundis")
        return {"scores": self.score_reports(state), "winners": state.winners(), "ended": state.ended}

    def hidden_twin(self, state: AnyState, seat: int | None, seed: int) -> GameState | None:
        return hidden_twin(own_state(state, GameState, "Draco Mundis"), seat, seed)

    def revealed_view(self, any_state: AnyState) -> View:
        """Everything everyone knew, together: each face-down token's kind from its owner's own view."""
        state = own_state(any_state, GameState, "Draco Mundis")
        public = state.view(None)
        known = {spot.at: spot.down_kind for seat in range(state.players) for spot in state.view(seat).squares
                 if spot.down == seat}
        return replace(public, squares=tuple(replace(spot, down_kind=known.get(spot.at)) if spot.down >= 0 else spot
                                             for spot in public.squares))

    def record(self, any_state: AnyState) -> dict[str, Any]:
        state = own_state(any_state, GameState, "Draco Mundis")
        return record(state)

    def ui(self) -> Any:
        """The desktop table, rules reference and lesson (imported only when a window is open)."""
        from .ui import DracoUI

        return DracoUI(self)

    def state_from_view(self, view: View, kinds_by_square: Mapping[tuple[int, int], str],
                        selected: str | None = None) -> GameState:
        return GameState.from_view(self.rules, view, kinds_by_square, selected)


def load(folder: Path | None = None) -> DracoMundis:
    """The game with the bundled data, or with a data folder (CardDataError if it cannot be used)."""
    return DracoMundis(load_data(folder if folder is not None else default_folder()))


def default_folder() -> Path:
    return resources.cards_folder(GAME_ID)
