"""The post-game review: the strongest level goes through one player's decisions of a game.

For every real decision of the reviewed seat (more than one legal action) the game's analyst
(`Game.analyst`: the expert level with a fixed effort, so a review is reproducible) looks at the
position from that seat's view at the time, as any opponent would, and estimates the expected
final result of the move made and of its own preferred move. The review screen, the history
and `drako-desktop review` all use this one function; a review can stop and go on later from
the decisions already assessed (kept beside the game as JSON).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from ..interface.game import Analyst, AnyGame, Outcome
from .runner import derive_seed

DEFAULT_DEPTH = 48  # sampled worlds per decision: 1-2 s each on a 2-player game (docs/computer-opponents.md)
MAX_DEPTH = 4096  # about a minute and a half a decision: beyond it a review would only run for days
# A decision is a mistake when the move made gives up this much of the best move's outcome.
MISTAKE_WIN = 0.08  # chance of winning
MISTAKE_MARGIN = 3.0  # points of final margin


@dataclass(frozen=True)
class DecisionReview:
    """One decision of the reviewed seat: the move made, the analyst's, and what each is worth."""

    index: int  # the action's position in the game (0 = the first action)
    turn: int
    chosen: dict[str, Any]  # actions in the game's notation
    best: dict[str, Any]
    chosen_outcome: Outcome
    best_outcome: Outcome
    missed: tuple[str, ...] = ()  # what the better move had that this one lacked (game-specific tags)

    @property
    def win_lost(self) -> float:
        return max(0.0, self.best_outcome.win - self.chosen_outcome.win)

    @property
    def margin_lost(self) -> float:
        return max(0.0, self.best_outcome.margin - self.chosen_outcome.margin)

    @property
    def accuracy(self) -> float:
        """The move made's winning chance as a share of the best move's (1 when it is the best)."""
        if self.chosen == self.best or self.best_outcome.win <= 0:
            return 1.0
        return min(1.0, self.chosen_outcome.win / self.best_outcome.win)

    @property
    def mistake(self) -> bool:
        return self.win_lost >= MISTAKE_WIN or self.margin_lost >= MISTAKE_MARGIN

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index, "turn": self.turn, "chosen": self.chosen, "best": self.best,
            "chosen_outcome": _outcome_json(self.chosen_outcome), "best_outcome": _outcome_json(self.best_outcome),
            "missed": list(self.missed),
        }

    @classmethod
    def from_json(cls, obj: Any) -> "DecisionReview":
        """The inverse of to_json (a review kept beside the game); ValueError for anything else."""
        if not isinstance(obj, dict) or set(obj) != {"index", "turn", "chosen", "best", "chosen_outcome",
                                                      "best_outcome", "missed"}:
            raise ValueError("a reviewed decision has other fields")
        index, turn, missed = obj["index"], obj["turn"], obj["missed"]
        if not (_count(index) and _count(turn) and isinstance(obj["chosen"], dict) and isinstance(obj["best"], dict)
                and isinstance(missed, list) and all(isinstance(tag, str) for tag in missed)):
            raise ValueError("a reviewed decision has a bad field")
        return cls(index, turn, obj["chosen"], obj["best"], _outcome_from_json(obj["chosen_outcome"]),
                   _outcome_from_json(obj["best_outcome"]), tuple(missed))


def _outcome_json(outcome: Outcome) -> dict[str, Any]:
    return {"win": round(outcome.win, 4), "margin": round(outcome.margin, 3), "samples": outcome.samples}


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _outcome_from_json(obj: Any) -> Outcome:
    if not isinstance(obj, dict) or set(obj) != {"win", "margin", "samples"} or not _count(obj["samples"]):
        raise ValueError("an outcome has other fields")
    win, margin = obj["win"], obj["margin"]
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (win, margin)) or not 0 <= win <= 1:
        raise ValueError("an outcome has a bad number")
    return Outcome(float(win), float(margin), obj["samples"])


@dataclass(frozen=True)
class ReviewSummary:
    decisions: int
    accuracy: float  # percent: the mean share of the best move's winning chance kept
    mistakes: tuple[DecisionReview, ...]  # the biggest, worst first
    missed: dict[str, int]  # tag -> how many mistakes missed it

    def to_json(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "accuracy": round(self.accuracy, 1),
                "mistakes": [d.index for d in self.mistakes], "missed": self.missed}


def summarize(decisions: Sequence[DecisionReview], worst: int = 5) -> ReviewSummary:
    """Accuracy, the biggest mistakes and what they missed."""
    if not decisions:
        return ReviewSummary(0, 100.0, (), {})
    accuracy = 100.0 * sum(d.accuracy for d in decisions) / len(decisions)
    mistakes = sorted((d for d in decisions if d.mistake), key=lambda d: (-d.win_lost, -d.margin_lost, d.index))
    missed: dict[str, int] = {}
    for d in mistakes:
        for tag in d.missed:
            missed[tag] = missed.get(tag, 0) + 1
    return ReviewSummary(len(decisions), accuracy, tuple(mistakes[:worst]), missed)


def decisions_of(game: AnyGame, players: int, seed: int, first: int, variants: Sequence[str], actions: Sequence[Any],
                 seat: int) -> list[int]:
    """The positions (action indices) of the seat's real decisions: more than one legal action."""
    state = game.new_state(players, seed, first, variants)
    found = []
    for index, action in enumerate(actions):
        if state.current == seat and len(state.legal_actions()) > 1:
            found.append(index)
        state.apply(action)
    return found


def review_game(
    game: AnyGame,
    players: int,
    seed: int,
    first: int,
    variants: Sequence[str],
    actions: Sequence[Any],
    seat: int,
    *,
    depth: int = DEFAULT_DEPTH,
    done: Sequence[DecisionReview] = (),
    progress: Callable[[int, int], bool] | None = None,
) -> list[DecisionReview]:
    """Assess every real decision of `seat`, going on from the `done` ones. `progress(done, total)` is
    called after each decision; when it returns False the review stops there (and goes on later)."""
    reviewed = list(done)
    for position, total, judged in review_steps(game, players, seed, first, variants, actions, seat, depth=depth,
                                                done=done):
        if judged is not None:
            reviewed.append(judged)
        if progress is not None and not progress(position, total):
            break
    reviewed.sort(key=lambda d: d.index)
    return reviewed


def review_steps(
    game: AnyGame,
    players: int,
    seed: int,
    first: int,
    variants: Sequence[str],
    actions: Sequence[Any],
    seat: int,
    *,
    depth: int = DEFAULT_DEPTH,
    done: Sequence[DecisionReview] = (),
) -> Iterator[tuple[int, int, DecisionReview | None]]:
    """The review one decision at a time, for whoever keeps each as it comes (the review screen saves it):
    (how many of the seat's decisions are behind, how many there are, the new judgement or None for a
    decision the analyst cannot play out). Decisions in `done` are skipped."""
    if game.analyst(0, depth) is None:
        raise ReviewUnavailableError(f"{game.name} has no level strong enough to review with yet")
    todo = decisions_of(game, players, seed, first, variants, actions, seat)
    known = {d.index for d in done}
    state = game.new_state(players, seed, first, variants)
    seen: list[Any] = []  # the seat's views at its decisions so far
    for index, action in enumerate(actions):
        if index in todo and index not in known:
            # An analyst of its own per decision: a decision's estimate does not depend on which
            # decisions were reviewed before it, so a review that stops and goes on gives the same. It
            # watches the seat's game up to the decision first, as the seat did (`Analyst.observe`).
            analyst = game.analyst(derive_seed("review", seed, seat, depth, index), depth)
            assert analyst is not None, "a game that offers a review has an analyst"
            for view in seen:
                analyst.observe(view)
            yield todo.index(index) + 1, len(todo), _assess(game, analyst, state, index, action, seat)
        if state.current == seat:
            seen.append(state.view(seat))
        state.apply(action)


class ReviewUnavailableError(Exception):
    """The game has no analyst (no search level) yet."""


def _assess(game: AnyGame, analyst: Analyst, state: Any, index: int, action: Any, seat: int) -> DecisionReview | None:
    legal = list(state.legal_actions())
    # A person's Draco placement is one action at a decision whose legal actions are its halves (which token,
    # then where): what is judged is the decision taken there.
    action = state.decision_of(action)
    chosen = legal.index(action)
    view = state.view(seat)
    assessment = analyst.assess(view, legal, chosen)
    if assessment is None or chosen not in assessment.outcomes:  # no estimate (a suggestion only): not judged
        return None
    best = assessment.best
    return DecisionReview(
        index=index,
        turn=state.turn,
        chosen=action.to_json(),
        best=legal[best].to_json(),
        chosen_outcome=assessment.outcomes[chosen],
        best_outcome=assessment.outcomes[best],
        missed=tuple(game.missed(view, action, legal[best])) if best != chosen else (),
    )
