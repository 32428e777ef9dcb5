"""The architecture holds: no import runs from a lower layer of the app to a higher one; the interface at the bottom
imports no game and no pygame; the shared layers reach a game only through the registry; no game imports another
and each game keeps its own layers; rules, data and opponents never touch pygame; the engines do no I/O; nothing uses
an unsafe loader."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "drako_desktop"
GAMES = PACKAGE / "games"
INTERFACE = PACKAGE / "interface"

# The layers of the app, bottom first: each holds top-level packages and modules of drako_desktop. A module may import
# from its own package or module and from the layers below its own, never from a layer above, nor from another member
# of its own layer (the members of a layer do not know each other). The interface (the game interface and the
# registry) is the bottom; the games are the top, reached from below only through the registry, which imports a game
# by its module path.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("interface",),
    ("data", "jsonio", "resources", "storage", "console", "palette"),  # small services that import nothing of the app
    ("i18n", "logsetup"),
    ("ai",),  # the opponents framework: levels, external bots, the opponents' process
    ("settings",),
    ("controller",),  # the turn state machine, undo, hints, reviews of a decision
    ("saves", "stats", "records"),
    ("session", "replay", "reviews"),  # the session autosaves and counts the game on the table
    ("net",),  # playing across computers: a host drives the controller, a client plays a seat; no window
    ("ui",),  # the scene framework, the shared scenes and tables, art, text, sound
    ("cli",),
    ("__main__",),
    ("games",),
)
LAYER_OF = {member: height for height, layer in enumerate(LAYERS) for member in layer}
NO_PYGAME = {"interface", "data", "ai", "controller", "net"}
# Inside a game package, the layer of each module (its first path component) and the layers of the
# same game each layer may import; the handle (__init__) may import them all. Every game layer may
# also import the shared layers below it.
GAME_MODULE_LAYER = {"data": "data", "lesson": "lesson", "rules": "engine", "actions": "engine", "events": "engine",
                     "view": "engine", "engine": "engine", "record": "engine", "board": "engine", "ai": "ai",
                     "narrate": "narrate", "twin": "engine",
                     "ui": "ui", "strength": "engine", "fight": "engine", "entry": "engine", "scoring": "engine",
                     "words": "narrate", "commands": "commands"}
GAME_LAYERS = {
    "data": set(),
    "engine": {"data"},
    "ai": {"data", "engine"},
    "narrate": {"data", "engine"},
    "ui": {"data", "engine", "ai", "narrate", "lesson"},
    "lesson": {"data", "engine", "ai"},  # the lesson's script, replayed and checked against the rules
    "commands": {"data", "engine"},  # a game's own command-line commands (Aetherya Pocket's `score`)
}
GAME_NO_PYGAME = {"data", "engine", "ai", "narrate", "commands", "lesson"}
NO_IO = {"os", "io", "pathlib", "json", "yaml", "subprocess", "socket", "time", "threading", "shutil", "tempfile"}


def imports_of(path: Path, at_run_time: bool = False) -> set[str]:
    """drako_desktop modules (as dotted names) and third-party roots imported by a file (with
    `at_run_time`, leaving out the imports made only for type checking)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if at_run_time:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
                node.body = []
    rel = path.relative_to(PACKAGE.parent).with_suffix("").parts
    package = list(rel if rel[-1] == "__init__" else rel[:-1])
    if package[-1:] == ["__init__"]:
        package = package[:-1]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                found.add(node.module or "")
                continue
            base = package[: len(package) - (node.level - 1)]
            target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found.add(target)
            if not node.module:  # `from . import x`: x may be a module of the package
                folder = PACKAGE.parent.joinpath(*target.split("."))
                found.update(f"{target}.{alias.name}" for alias in node.names
                             if (folder / f"{alias.name}.py").is_file() or (folder / alias.name).is_dir())
    return found


def game_packages() -> list[Path]:
    return sorted(p for p in GAMES.iterdir() if p.is_dir() and (p / "__init__.py").is_file())


def game_layer(path: Path, game: Path) -> str | None:
    """The layer of a file inside a game package, None for the handle."""
    rel = path.relative_to(game).with_suffix("").parts
    return None if rel == ("__init__",) else GAME_MODULE_LAYER[rel[0]]


def test_there_are_two_games_behind_the_registry():
    from drako_desktop.interface.registry import GAMES as REGISTERED

    assert [p.name for p in game_packages()] == ["aetherya_pocket", "draco_mundis"]
    assert sorted(REGISTERED.values()) == [f"drako_desktop.games.{p.name}" for p in game_packages()]


def top_level(module: str) -> str | None:
    """The top-level package or module of drako_desktop a dotted name belongs to (None: the root package, whose
    __init__ holds only the version and imports nothing)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def upward_imports(package: Path = PACKAGE) -> list[str]:
    """Every import (for type checking too) that runs from a layer to a higher one or to another member of its own
    layer."""
    problems = []
    for path in sorted(package.rglob("*.py")):
        source = path.relative_to(package).parts[0].removesuffix(".py")
        for name in sorted(imports_of(path)):
            target = top_level(name) if name.startswith("drako_desktop.") else None
            if target is None or target == source:
                continue
            if LAYER_OF[target] >= LAYER_OF[source]:
                problems.append(f"{path.relative_to(package)} ({source}) imports {name} ({target})")
    return problems


def test_every_part_of_the_app_has_its_layer():
    parts = {p.name.removesuffix(".py") for p in PACKAGE.iterdir()
             if p.name != "__init__.py" and (p.suffix == ".py" or (p / "__init__.py").is_file())}
    assert parts == set(LAYER_OF)
    assert sum(len(layer) for layer in LAYERS) == len(LAYER_OF)  # each in one layer


def test_no_import_runs_up_the_layers():
    assert upward_imports() == []


def test_the_root_package_imports_nothing():
    """build.spec reads the version from it before anything of the app can be imported."""
    assert imports_of(PACKAGE / "__init__.py") == set()


def test_the_interface_imports_no_game_and_no_pygame():
    problems = [f"{path.relative_to(PACKAGE)} imports {name}" for path in sorted(INTERFACE.rglob("*.py"))
                for name in imports_of(path)
                if name.split(".")[0] == "pygame" or name.startswith("drako_desktop.")
                and not name.startswith("drako_desktop.interface")]
    assert problems == []


def test_nothing_outside_the_games_imports_a_game_package():
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if GAMES in path.parents:
            continue
        for name in imports_of(path):
            if name == "drako_desktop.games" or name.startswith("drako_desktop.games."):
                problems.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert problems == []


def test_no_game_imports_another_and_each_game_keeps_its_layers():
    problems = []
    for game in game_packages():
        own = f"drako_desktop.games.{game.name}"
        for path in sorted(game.rglob("*.py")):
            layer = game_layer(path, game)
            for name in imports_of(path):
                if name.startswith("drako_desktop.games."):
                    if not (name == own or name.startswith(own + ".")):
                        problems.append(f"{path.relative_to(PACKAGE)} imports another game: {name}")
                        continue
                    parts = name[len(own) + 1:].split(".") if name != own else []
                    target = GAME_MODULE_LAYER.get(parts[0], parts[0]) if parts else None
                    if layer is not None and target is not None and target != layer \
                            and target not in GAME_LAYERS[layer]:
                        problems.append(f"{path.relative_to(PACKAGE)} ({layer}) imports {name}")
                    if layer not in (None, "ui") and target is None:  # the UI may name the handle's type
                        problems.append(f"{path.relative_to(PACKAGE)} ({layer}) imports the game's handle")
                elif name.startswith("drako_desktop.") and layer in GAME_NO_PYGAME:
                    shared = name.split(".")[1]
                    if shared in ("ui", "controller", "saves", "stats", "session", "cli", "replay", "reviews"):
                        problems.append(f"{path.relative_to(PACKAGE)} ({layer}) imports {name}")
    assert problems == []


def test_rules_data_opponents_and_controller_never_import_pygame():
    files = [path for layer in NO_PYGAME for path in (PACKAGE / layer).rglob("*.py")]
    for game in game_packages():
        files += [p for p in game.rglob("*.py") if game_layer(p, game) in GAME_NO_PYGAME or game_layer(p, game) is None]
    offenders = [str(p.relative_to(PACKAGE)) for p in files
                 if any(n.split(".")[0] == "pygame" for n in imports_of(p, at_run_time=True))]
    assert offenders == []


def test_engines_do_no_io():
    files = [INTERFACE / "game.py"]  # the game interface (the registry imports games, by their paths)
    for game in game_packages():
        files += [p for p in game.rglob("*.py") if game_layer(p, game) == "engine"]
    offenders = [f"{p.relative_to(PACKAGE)}: {n}" for p in files for n in imports_of(p, at_run_time=True)
                 if n.split(".")[0] in NO_IO]
    assert offenders == []


def test_no_unsafe_loaders_anywhere():
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "yaml.load(" not in text, path
        assert "import pickle" not in text and "import shelve" not in text, path


# The Draco Mundis table's drawing code: everything it draws comes from the board model, made from one
# seat's view. It may not import the engine's state, nor reach the turn controller or a game state.
DRACO_DRAWING = ("ui/painter.py", "ui/token_art.py", "ui/layout.py", "ui/beats.py", "ui/tips.py",
                 "ui/position.py", "board.py")
ENGINE_STATE = "drako_desktop.games.draco_mundis.engine"


def test_the_draco_table_draws_only_from_a_view():
    folder = GAMES / "draco_mundis"
    problems = []
    for name in DRACO_DRAWING:
        path = folder / name
        for module in imports_of(path):
            if module == ENGINE_STATE or module.startswith("drako_desktop.controller"):
                problems.append(f"{name} imports {module}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("controller", "state", "clone", "why_illegal"):
                problems.append(f"{name}:{node.lineno} reaches .{node.attr}")
    assert problems == []


# What a screen may never touch: a game's position holds what its viewer does not know. The controller hands the
# screens views and events of the one viewer at the screen, the replay views of a position, the saves a standing.
STATE_ATTRIBUTES = {"state", "_state", "states", "_states", "new_state", "revealed_view", "clone"}


def screen_modules() -> list[Path]:
    shared = sorted((PACKAGE / "ui").rglob("*.py"))
    return shared + sorted(p for game in game_packages() for p in (game / "ui").rglob("*.py"))


def test_no_screen_reaches_a_full_state():
    """By import and by attribute: no module of the shared ui/ or of a game's ui/ imports an engine's state type or
    reads a state (`.state`, `._state`, a replay's states, `new_state`, `clone`, `revealed_view`)."""
    problems = []
    for path in screen_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        name = path.relative_to(PACKAGE)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in STATE_ATTRIBUTES:
                problems.append(f"{name}:{node.lineno} reaches .{node.attr}")
            elif isinstance(node, ast.ImportFrom) and any(alias.name == "GameState" for alias in node.names):
                problems.append(f"{name}:{node.lineno} imports GameState")
        for module in imports_of(path):
            if module == ENGINE_STATE or module.endswith(".engine.state"):
                problems.append(f"{name} imports {module}")
    assert problems == []


def test_what_a_screen_is_handed_holds_no_state():
    """At run time: nothing public of a turn controller, a replay or a saves listing is a game state."""
    from drako_desktop.controller.game import COMPUTER, GameController, GameSetup, Seat
    from drako_desktop.interface.registry import game_ids, load
    from drako_desktop.replay import GameReplay

    for game_id in game_ids():
        game = load(game_id)
        setup = GameSetup((Seat("Ana"), Seat("Ben"), Seat("Bot", COMPUTER, "random")), 1, 0, game_id)
        controller = GameController(game, setup, threaded=False)
        replay = GameReplay(game, setup, [])
        for holder in (controller, replay):
            for attribute in dir(holder):
                if attribute.startswith("_"):
                    continue
                value = getattr(holder, attribute)
                values = value if isinstance(value, (list, tuple)) else [value]
                assert not any(hasattr(v, "legal_actions") and hasattr(v, "apply") for v in values), \
                    f"{type(holder).__name__}.{attribute} is a game state"
        controller.close()


def test_screens_reach_the_app_only_through_their_room():
    """No screen imports the app, not even for its type: each is handed the app as the narrow room it plays in
    (`ui/room.py`), so the arrows run one way (the app and its launcher import the screens)."""
    starters = {PACKAGE / "ui" / "app.py", PACKAGE / "ui" / "launch.py"}
    problems = [f"{path.relative_to(PACKAGE)} imports the app" for path in screen_modules()
                if path not in starters and "drako_desktop.ui.app" in imports_of(path)]
    assert problems == []


def test_one_table_and_one_lesson_table_each_game_brings_a_board_and_a_guide():
    """A game's UI has no table or lesson scene of its own (the shared ones hold its board and its guide), and no
    helper anywhere under ui/ takes a table, a board or a lesson typed `Any`."""
    for game in game_packages():
        for path in sorted((game / "ui").glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef):
                    bases = {ast.unparse(base) for base in node.bases}
                    assert not bases & {"Scene", "TableScene", "LessonTable"} or "Rules" in node.name or \
                        "Menu" in node.name, f"{path.name}: {node.name} is a table of its own ({bases})"
    for path in sorted(PACKAGE.rglob("ui/**/*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for arg in node.args.args:
                    if arg.arg in ("table", "board", "lesson") and arg.annotation is not None:
                        assert ast.unparse(arg.annotation) != "Any", f"{path}: {node.name}({arg.arg}: Any)"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of a graph (module -> the modules it imports): each strongly connected group of two or more
    modules, or a module that imports itself, sorted (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = lowest[module] = len(index)
        stack.append(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                lowest[module] = min(lowest[module], lowest[target])
            elif target in stack:
                lowest[module] = min(lowest[module], index[target])
        if lowest[module] == index[module]:
            group = stack[stack.index(module):]
            del stack[stack.index(module):]
            if len(group) > 1 or module in graph[module]:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def import_graph(folder: Path) -> dict[str, set[str]]:
    """The modules of a folder and which of them each imports (for type checking too: a circle of types is a
    circle of ideas)."""
    modules = {module_name(path): path for path in sorted(folder.rglob("*.py"))}
    return {name: {target for target in imports_of(path) if target in modules} for name, path in modules.items()}


def test_the_shared_ui_has_no_import_circle():
    """The app wires the screens, a screen knows its room's protocol (ui/room.py), and what every scene is handed
    (ui/context.py) is protocols: no module of ui/ imports one that imports it back, however far round."""
    assert circles(import_graph(PACKAGE / "ui")) == []


def test_a_circle_is_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}) == [["a", "b", "c"], ["e"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_what_every_scene_is_handed_is_a_protocol():
    """The context and a game's user interface as the screens see them are protocols; the app's context is the
    app's own class, which no screen imports (test_screens_reach_the_app_only_through_their_room)."""
    from drako_desktop.ui.context import Context, GameUI
    from drako_desktop.ui.game_ui import GameScreens
    from drako_desktop.ui.room import GameRoom, MenuRoom, Room
    from drako_desktop.ui.scenes.base import Stage

    for kind in (Context, GameUI, GameScreens, Room, GameRoom, MenuRoom, Stage):
        assert getattr(kind, "_is_protocol", False), kind.__name__
