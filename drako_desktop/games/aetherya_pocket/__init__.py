"""Drako: Aetherya Pocket: the game's handle (data, engine, opponents, narration).

The registry (`drako_desktop.games`) calls `load(folder)`; everything the shared layers
need of this game goes through the returned `AetheryaPocket`.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any, Mapping, Sequence

from ... import resources
from ...interface.game import Agent, AnyState, Secrets, Variant, built_in_level, fields_from_json, own_state
from .ai import EXPERT, HARD, LEVELS, EasyAgent, MediumAgent, SearchAgent
from .commands import SCORE
from .data import CardSet, load_cards
from .engine import CLAIM, PLACE, Action, Breakdown, Event, GameState, Rules, View, placement_change
from .engine.report import parse_kingdom, score_report
from .engine.twin import hidden_twin
from .narrate import describe, hint_reason

GAME_ID = "aetherya-pocket"
COMMANDS = (SCORE,)  # the command line's commands of this game (`interface.registry.commands`)


class AetheryaPocket:
    """The handle of one card set of Aetherya Pocket (the bundled cards, or a house-rules folder)."""

    id = GAME_ID
    seeded = True  # shuffled decks: the seed decides every hidden card
    setup_confirmed = False  # the arrangement passes on by itself
    secrets = Secrets.PER_SEAT  # a seat's starting cards are its own until arranged (pass-and-play)
    variants: tuple[Variant, ...] = ()
    levels: Mapping[str, str] = LEVELS

    def __init__(self, cards: CardSet) -> None:
        self.cards = cards
        self.rules = Rules(cards)
        self.name = cards.name
        self.folder = cards.folder
        self.identity = cards.identity
        self.former_identities = cards.former_identities
        self.min_players = cards.min_players
        self.max_players = cards.max_players

    def new_state(self, players: int, seed: int, first: int, variants: Sequence[str] = ()) -> GameState:
        if variants:
            raise ValueError(f"{self.name} has no variants, not {', '.join(variants)}")
        return GameState.new(self.rules, players, seed, first)

    def action_from_json(self, obj: Any) -> Action:
        return Action.from_json(obj)

    def view_from_json(self, obj: Any) -> View:
        return View.from_json(obj)

    def decisions_of(self, action: Action, kind: str) -> list[Action]:
        return [action]  # every action of this game is one decision

    def event_from_json(self, obj: Any) -> Event:
        return fields_from_json(Event, obj)

    def make_agent(self, level: str, seed: int) -> Agent:
        return built_in_level({"easy": EasyAgent, "medium": MediumAgent, "hard": partial(SearchAgent, effort=HARD),
                               "expert": partial(SearchAgent, effort=EXPERT)}, level, self.rules, seed)

    def analyst(self, seed: int, iterations: int) -> SearchAgent:
        """The expert level with a fixed number of sampled worlds per decision (reproducible)."""
        return SearchAgent(self.rules, seed, EXPERT, iterations=iterations)

    def hint_reason(self, view: View, action: Action) -> str:
        return hint_reason(self.rules, view, action)

    def missed(self, view: View, chosen: Action, best: Action) -> list[str]:
        """A legend the better move claimed, or the categories where its placement scored more."""
        if best.kind == CLAIM:
            return [] if chosen.kind == CLAIM else ["legend"]
        after_best, after_chosen = self._placed(view, best), self._placed(view, chosen)
        if after_best is None or after_chosen is None:
            return []
        tags = []
        for category, better, made in zip(after_best.categories, after_best.values, after_chosen.values):
            if better > made:
                tags.append(category if category in ("dragons", "conflicts") else "tribes")
        return list(dict.fromkeys(tags))

    def _placed(self, view: View, action: Action) -> Breakdown | None:
        """The seat's face-up score after placing the card in hand, or None for any other action."""
        if action.kind != PLACE or view.drawn is None or view.seat is None:
            return None
        rules = self.rules
        kingdom = rules.kingdom_from_ids(view.kingdoms[view.seat])
        legends = [rules.legend_index[leg] for leg in view.legends[view.seat]]
        change = placement_change(rules, kingdom, legends, action.row * 4 + action.col, rules.type_index[view.drawn])
        return change.after

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        return describe(event, names, self.cards)

    def score(self, obj: Any) -> dict[str, Any]:
        """The `score` command: a kingdom given as JSON, scored (KingdomFormatError, a ValueError, if malformed)."""
        kingdom, legends = parse_kingdom(self.rules, obj)
        return score_report(self.rules, kingdom, legends)

    def score_reports(self, any_state: AnyState) -> list[dict[str, Any]]:
        """Per seat, the `score` command's object: categories, total, claimable legends."""
        state = own_state(any_state, GameState, "Aetherya Pocket")
        return [score_report(self.rules, state.visible_kingdom(s), state.claimed[s]) for s in range(state.players)]

    def result(self, any_state: AnyState) -> dict[str, Any]:
        """The final kingdoms, claimed legends, scores and winners (`play --exit-at-end`)."""
        state = own_state(any_state, GameState, "Aetherya Pocket")
        rules = self.rules
        seats = range(state.players)
        return {
            "kingdoms": [[list(row) for row in rules.kingdom_to_ids(state.visible_kingdom(s))] for s in seats],
            "legends": [[rules.legend_ids[leg] for leg in state.claimed[s]] for s in seats],
            "scores": self.score_reports(state),
            "winners": state.winners(),
        }

    def hidden_twin(self, state: AnyState, seat: int | None, seed: int) -> GameState | None:
        return hidden_twin(own_state(state, GameState, "Aetherya Pocket"), seat, seed)

    def revealed_view(self, state: AnyState) -> View:
        return own_state(state, GameState, "Aetherya Pocket").revealed_view()

    def ui(self) -> Any:
        """The table, rules reference, lesson and pictures (imports pygame: only with a window open)."""
        from .ui import AetheryaUI

        return AetheryaUI(self)

    def record(self, any_state: AnyState) -> dict[str, Any]:
        """The game record: who played, the seed, every chosen action, the scores and the winners."""
        state = own_state(any_state, GameState, "Aetherya Pocket")
        return {
            "game": GAME_ID,
            "players": state.players,
            "first": state.first,
            "variants": {},
            "seed": state.seed,
            "actions": [a.to_json() for a in state.history],
            "scores": [b.total for b in state.scores()],
            "winners": state.winners(),
        }


def load(folder: Path | None = None) -> AetheryaPocket:
    """The game with the bundled cards, or with a card folder (CardDataError if it cannot be used)."""
    return AetheryaPocket(load_cards(folder if folder is not None else default_folder()))


def default_folder() -> Path:
    return resources.cards_folder(GAME_ID)
