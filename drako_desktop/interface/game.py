"""The one game interface: what the shared layers (controller, saves, replay, statistics,
simulate, the computer-opponent framework, the bot protocol and the scene framework) know
of a game.

Every game of the app is a package under `drako_desktop/games/<game>/` that exposes a
`Game` handle (its data, engine, opponents and narration) through the registry in
`drako_desktop.interface.registry`. The shared layers import game packages only through that registry
and speak to a game only through the protocols below, so they serve every game without a
per-game branch. Modelled on OpenSpiel's Game/State split: the handle carries the
metadata and makes states; a state has legal actions, apply, terminal, returns (scores
and winners) and one observation per player (`view(seat)`).

Nothing here imports a game, pygame, or does I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from types import UnionType
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Collection,
    Mapping,
    Protocol,
    Sequence,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    runtime_checkable,
)

if TYPE_CHECKING:
    from pathlib import Path

# -- errors ---------------------------------------------------------------------------------


class EngineError(Exception):
    """Base of the engines' typed errors."""


class IllegalActionError(EngineError):
    """The action is not legal now. `code` is a stable reason id (translations key on it);
    the message says why in English (logs, command-line tools, bot fallbacks)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


class ActionFormatError(EngineError):
    """A JSON action (from a bot, a save or a record) does not have a valid shape."""


MAX_SHOWN = 40  # characters of a value from outside that a message shows
MAX_ITEMS = 64  # items of a list in an event from outside (a fight's fighters, the pieces it freed)


def brief(value: Any, limit: int = MAX_SHOWN) -> str:
    """A value from a file or a bot as a message shows it: as Python writes it (quoted, nothing
    unprintable) and cut short, so that a value of megabytes never makes a message of megabytes
    (a dialog wraps every character of its message)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


# -- values ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Breakdown:
    """One player's score as lines of the game's scoring table (in score-sheet order).

    `tiebreak` holds what the game compares after the total, highest first wins
    (e.g. Aetherya's seven categories sorted high to low; Draco Mundis's dragons and
    characters eliminated)."""

    categories: tuple[str, ...]
    values: tuple[int, ...]
    tiebreak: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        return sum(self.values)

    def as_dict(self) -> dict[str, int]:
        return dict(zip(self.categories, self.values))

    def __getitem__(self, category: str) -> int:
        return self.values[self.categories.index(category)]


def ranking_winners(scores: Sequence[Breakdown]) -> list[int]:
    """Highest total, then the highest tie-break tuple; players still equal share the victory."""
    keys = [(b.total, b.tiebreak) for b in scores]
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]


def listed(action: object, legal: Sequence[object] | None) -> bool:
    """Whether `action` is one of the objects of a legal-action list (None: not made yet). The engines
    intern their actions, so an action chosen from the list is found here and is legal without its
    reasons being checked again."""
    for candidate in legal or ():
        if candidate is action:
            return True
    return False


@dataclass(frozen=True, slots=True)
class TieBreakStep:
    """One comparison that split players tied so far: at `position` of their tie-break tuples, `ahead` have
    the highest value, `value`; each of `behind` (seat, its value) has less and drops out."""

    position: int
    ahead: tuple[int, ...]
    value: int
    behind: tuple[tuple[int, int], ...]


def tie_break_steps(scores: Sequence[Breakdown]) -> tuple[list[int], list[TieBreakStep]]:
    """The players tied on the best total, and the comparisons that settled the tie among them in order:
    each position of the tie-break compared among those still tied, until one is left or the positions run
    out (those still tied then share the victory, as `ranking_winners` says)."""
    best = max(b.total for b in scores)
    tied = [seat for seat, b in enumerate(scores) if b.total == best]
    remaining, steps = tied, []
    for position in range(len(scores[tied[0]].tiebreak) if len(tied) > 1 else 0):
        if len(remaining) == 1:
            break
        value = max(scores[seat].tiebreak[position] for seat in remaining)
        ahead = tuple(seat for seat in remaining if scores[seat].tiebreak[position] == value)
        if len(ahead) < len(remaining):
            behind = tuple((seat, scores[seat].tiebreak[position]) for seat in remaining if seat not in ahead)
            steps.append(TieBreakStep(position, ahead, value, behind))
            remaining = list(ahead)
    return tied, steps


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a search expects of one action for the seat that takes it."""

    win: float  # chance of winning, 0 to 1 (a shared victory counts as a share)
    margin: float  # final score minus the best other player's, in points
    samples: int  # sampled games behind the estimate


@dataclass(frozen=True, slots=True)
class Assessment:
    """A strong player's judgement of a decision: its preferred action and the expected outcome of
    each action it looked at (indices into the legal actions)."""

    best: int
    outcomes: Mapping[int, Outcome]


class Analyst(Protocol):
    """The strongest level's judgement, asked by the hint and the post-game review: from one seat's
    view only, like any opponent."""

    def observe(self, view: Any) -> None:
        """What the seat saw at one of its earlier decisions of this game, given in order before `assess`: an
        analyst that reads its rivals from what they did (Draco Mundis's beliefs) then judges as a seat that
        watched the whole game, not one that sat down at this decision."""

    def assess(self, view: Any, legal: Sequence[Any], chosen: int | None = None) -> Assessment | None:
        """The preferred action and the expected outcomes (`chosen` always among them), or None for a
        decision the analyst cannot play out (Aetherya Pocket's arrangement, before any card is dealt)."""


class Action(Protocol):
    """An immutable, hashable action; its JSON is the game's notation (records, saves, bots)."""

    def to_json(self) -> dict[str, Any]: ...


@runtime_checkable
class Event(Protocol):
    """Something that happened, for the table to animate and the log to tell.

    `seat` is who caused it (-1 for nobody). An event may carry private details (a
    token's identity seen only by its owner or by whoever peeked): `for_viewer(seat)`
    gives the event as that seat may know it, `for_viewer(None)` as everyone may (a
    spectator, the public log), or None when the viewer does not learn of it at all.
    `reveals` is True when something hidden came to light for anybody: such an event
    ends undo for the turn. Every game starts each turn with a public event of kind
    "turn" whose `number` is the turn's number (1, 2, ...)."""

    kind: str
    seat: int

    @property
    def reveals(self) -> bool: ...

    def for_viewer(self, viewer: int | None) -> "Event | None": ...

    def to_json(self) -> dict[str, Any]:
        """The event as JSON (a network host sends each seat its events, filtered by `for_viewer` first)."""
        ...


def fields_json(event: Any) -> dict[str, Any]:
    """An event that is a NamedTuple (both games' are) as JSON: its fields that differ from their defaults, by name,
    nested NamedTuples as objects and other tuples as lists."""
    defaults = type(event)._field_defaults
    return {name: _plain(value) for name, value in zip(event._fields, event)
            if name not in defaults or value != defaults[name]}


E = TypeVar("E")  # a game's event type (a NamedTuple)


def fields_from_json(kind: type[E], obj: Any) -> E:
    """The inverse of `fields_json`: a NamedTuple event (`kind`) from its JSON, each field checked against its type
    (a network client's events come from a host as untrusted as any input); ValueError says what is wrong."""
    if not isinstance(obj, dict):
        raise ValueError(f"an event is an object, not {brief(obj)}")
    hints = get_type_hints(kind)
    unknown = set(obj) - set(hints)
    if unknown:
        raise ValueError(f"an event has no field {brief(sorted(unknown)[0])}")
    missing = [name for name in hints if name not in obj and name not in getattr(kind, "_field_defaults", {})]
    if missing:
        raise ValueError(f"an event's {missing[0]} is missing")
    return kind(**{name: _typed(hints[name], value, name) for name, value in obj.items()})


def _typed(hint: Any, value: Any, name: str) -> Any:
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, UnionType):
        if value is None and type(None) in args:
            return None
        for option in (a for a in args if a is not type(None)):
            try:
                return _typed(option, value, name)
            except ValueError:
                pass
        raise ValueError(f"the event's {name} is not {hint}: {brief(value)}")
    if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields"):
        return fields_from_json(hint, value)
    if origin is tuple:
        if not isinstance(value, list) or len(value) > MAX_ITEMS:
            raise ValueError(f"the event's {name} is not a list: {brief(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_typed(args[0], v, name) for v in value)
        if len(args) != len(value):
            raise ValueError(f"the event's {name} has {len(value)} items, not {len(args)}")
        return tuple(_typed(a, v, name) for a, v in zip(args, value))
    if hint is bool and isinstance(value, bool) or hint is str and isinstance(value, str) and len(value) <= 100 \
            or hint is int and isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**6:
        return value
    raise ValueError(f"the event's {name} is not {getattr(hint, '__name__', hint)}: {brief(value)}")


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        if hasattr(value, "_fields"):
            return {name: _plain(v) for name, v in zip(value._fields, value)}
        return [_plain(v) for v in value]
    return value


class View(Protocol):
    """What one seat (or, with seat None, everyone) may see. Sent to bots and to the
    opponents' process as JSON; nothing a seat does not know can be recovered from it."""

    @property
    def seat(self) -> int | None: ...

    def to_json(self) -> dict[str, Any]: ...


# A game's own action and view types: `GameState[Action, View]` and `Game[Action, View]` let mypy check a table, a
# controller or an opponent against the game it serves (the shared layers, serving any game, say Any).
ActionT = TypeVar("ActionT")
ViewT_co = TypeVar("ViewT_co", bound=View, covariant=True)
ViewT = TypeVar("ViewT", bound=View)


class GameState(Protocol[ActionT, ViewT_co]):
    """One game in progress. Mutable and compact; `clone()` for searches.

    `current` is the seat that must decide now (meaningless once terminal); `turn` counts
    the game's turns (0 during setup); `history` holds every chosen action in order, so
    that (players, seed, first, variants, history) replays the game exactly (`seed` is 0
    in a game without chance). `decision()` names the kind of
    decision pending (opaque to the shared layers; the game's own table and opponents
    read it)."""

    players: int
    seed: int
    first: int
    current: int
    turn: int
    history: list[ActionT]

    @property
    def variants(self) -> Collection[str]:
        """The ids of the variants in play (read-only: a game's variants are fixed at its start)."""
        ...

    def decision(self) -> str: ...

    def legal_actions(self) -> Sequence[ActionT]: ...

    def why_illegal(self, action: ActionT) -> IllegalActionError | None: ...

    def decision_of(self, action: ActionT) -> ActionT:
        """The action among `legal_actions()` that the legal `action` decides now: itself, unless the game
        accepts an action that takes two decisions at once (a review judges the first of them)."""
        ...

    def apply(self, action: ActionT) -> list[Any]: ...

    def is_terminal(self) -> bool: ...

    def view(self, seat: int | None) -> ViewT_co: ...

    def scores(self) -> list[Breakdown]: ...

    def winners(self) -> list[int]: ...

    def clone(self) -> "GameState[ActionT, ViewT_co]": ...


AnyState = GameState[Any, Any]  # a state of whichever game (the shared layers)


class Agent(Protocol):
    """A computer player: asked for one decision at a time with its seat's view (never the
    state) and the legal actions; answers an index into them."""

    name: str
    wants_view: bool  # False for agents that never look at the view: the runner skips building it

    def choose(self, view: Any, legal: Sequence[Any]) -> int: ...

    def game_over(self, scores: Sequence[dict[str, Any]], winners: Sequence[int]) -> None: ...

    def close(self) -> None: ...


class DecisionWithdrawn(Exception):
    """Raised by an agent's `choose` when the decision it was asked is taken back before it was made (a player on
    another computer took a step back): the controller drops the question and asks again."""


class Secrets(str, Enum):
    """What a game hides from some players but not others: decides whether the screen of a pass-and-play table is
    handed over between people (the controller's screen holder).

    NONE: every player sees the same (a spectator's view is everyone's). PER_SEAT: a seat may know what others do
    not (its starting cards), and learns nothing private by playing: a person's view is shown only after a hand-over
    to them, and only while it shows something the public view does not. LEARNED: besides, a seat may learn what
    others do not on any turn of its own (a token peeked at): every person's turn is handed over, even one whose
    view shows nothing of its own when it starts, since the last person may still be looking when it does."""

    NONE = "none"
    PER_SEAT = "per-seat"
    LEARNED = "learned"


@dataclass(frozen=True)
class Variant:
    """An optional rule a new game may switch on (Draco Mundis's fast setup, ...)."""

    id: str
    description: str  # one line, English (the table translates `variants.<game>.<id>`)


class Game(Protocol[ActionT, ViewT]):
    """A game's handle: its data, how to make and replay states, its opponents and its words.

    Saves, records and statistics key on `id`, which never changes and is never reused.
    `identity` names the data's rules (`data.identity.rules_identity`: not its words or pictures), and
    `former_identities` the names earlier releases gave these same rules: a save made with other rules
    is not played on (`made_with`). `seeded` says whether the game has chance (hidden shuffles): a game
    without chance ignores the seed and is decided by (players, first, variants, actions)."""

    id: str
    name: str
    folder: Path
    identity: str
    former_identities: frozenset[str]
    min_players: int
    max_players: int
    seeded: bool
    # Whether a person's setup decisions (turn 0) wait for them to confirm, to be taken back until then like a turn's
    # actions (Draco Mundis's placements), or pass on by themselves (Aetherya Pocket's arrangement).
    setup_confirmed: bool
    secrets: Secrets  # whether a seat may know what another does not (the screen is then handed over)
    variants: tuple[Variant, ...]
    levels: Mapping[str, str]  # built-in computer levels -> one-line description (English)

    def new_state(self, players: int, seed: int, first: int,
                  variants: Sequence[str] = ()) -> GameState[ActionT, ViewT]: ...

    def action_from_json(self, obj: Any) -> ActionT: ...

    def view_from_json(self, obj: Any) -> ViewT: ...

    def decisions_of(self, action: ActionT, kind: str) -> list[ActionT]:
        """The actions, one decision each, that `action` takes at a decision of `kind` (what a host asks a seat on
        another computer for, one decision at a time): itself, unless the game accepts an action that takes two
        decisions at once (`GameState.decision_of`)."""
        ...

    def event_from_json(self, obj: Any) -> Any:
        """An event from its JSON (`Event.to_json`: what a network host sends a seat); ValueError if it is none."""

    def make_agent(self, level: str, seed: int) -> Agent: ...

    def describe(self, event: Any, names: Sequence[str]) -> str | None:
        """The log line for one event (as the viewer may know it), or None if the log skips it."""

    def score_reports(self, state: GameState[ActionT, ViewT]) -> list[dict[str, Any]]:
        """Per seat, the score as JSON with its breakdown (the bot protocol's `end` message)."""

    def result(self, state: GameState[ActionT, ViewT]) -> dict[str, Any]:
        """The final result as JSON (`play --exit-at-end`): at least "scores" and "winners"."""

    def hidden_twin(self, state: GameState[ActionT, ViewT], seat: int | None,
                    seed: int) -> GameState[ActionT, ViewT] | None:
        """A position that differs from `state` only in what `seat` (None: everyone) does not know, drawn with `seed`
        (OpenSpiel's resample from the information state): the privacy tests check that the seat's view, events,
        log and table do not tell them apart. None when there is nothing hidden from the seat to change."""

    def revealed_view(self, state: GameState[ActionT, ViewT]) -> ViewT:
        """The position with nothing hidden, for the game viewer's "everything" once a game is over: what lay
        face down shows, marked as hidden then (a view, like `state.view`: a screen never holds a state)."""

    def record(self, state: GameState[ActionT, ViewT]) -> dict[str, Any]:
        """The game record (`simulate --records`): game, players, first, variants, actions, scores,
        winners, and for a game with chance its seed."""

    def analyst(self, seed: int, iterations: int) -> Analyst | None:
        """The strongest level as an analyst with a fixed effort per decision (None: no such level yet)."""

    def hint_reason(self, view: Any, action: Any) -> str:
        """Why a hint suggests `action`, in one line of the player's language, from the seat's view."""

    def missed(self, view: Any, chosen: Any, best: Any) -> list[str]:
        """What the better move `best` had that the move made lacked, as short tags the review counts
        and names (`review.missed.<tag>`): e.g. a legend, a tamed dragon, a won fight."""

    def ui(self) -> Any:
        """The game's user interface (a `ui.game_ui.GameScreens`), imported only when a window is open."""


AnyGame = Game[Any, Any]  # whichever game (the shared layers: registry, saves, replay, controller)


def made_with(game: AnyGame, identity: object) -> bool:
    """Whether a file naming the data `identity` was made with this game's rules (today's or an earlier
    release's name for them). Anything but a text names no rules (a list is not even looked up)."""
    return isinstance(identity, str) and (identity == game.identity or identity in game.former_identities)


class CommandError(ValueError):
    """Bad input to a game's command (`GameCommand`): the command line prints it as one line, exit status 2."""


@dataclass(frozen=True)
class GameCommand:
    """A command-line command that belongs to one game (Aetherya Pocket's `score`): `drako-desktop NAME ...`
    reaches it through the registry (`registry.commands`), with the game's handle."""

    name: str
    help: str
    description: str
    arguments: Callable[[Any], None]  # adds the command's arguments to its argparse parser
    run: Callable[[Any, Any, Any, Any], int]  # (the game's handle, the parsed arguments, stdin, stdout) -> status


OwnState = TypeVar("OwnState")


def own_state(state: AnyState, kind: type[OwnState], game: str) -> OwnState:
    """`state` as the engine's own state type: the handle's methods take any game's state (the interface),
    and a state of another game reaching them is a programming error, said at once."""
    if not isinstance(state, kind):
        raise TypeError(f"{game} was given a state of another game ({type(state).__name__})")
    return state


Rules = TypeVar("Rules")


def built_in_level(kinds: Mapping[str, Callable[[Rules, int], Agent]], level: str, rules: Rules, seed: int) -> Agent:
    """A game's computer level by name; an unknown name is refused with the names there are."""
    if level not in kinds:
        raise ValueError(f"unknown computer level {level!r} (expected one of: {', '.join(kinds)})")
    return kinds[level](rules, seed)
