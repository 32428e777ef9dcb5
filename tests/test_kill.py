"""Pulling the plug in the middle of a write never breaks a save, the statistics or the settings.

`tests/kill_program.py` runs the real App in a process of its own, keeping a
person's games as it does for a player: every move saved, statistics written at
each game's end, a setting changed every few moves. The test chooses a write
(the Nth of the saves, of statistics.json or of settings.json) and a moment
inside it (storage.WRITE_STAGES: the temporary file written, flushed, fsynced,
renamed); the program stops there (storage.PAUSE_ENV, a hook for tests) and the
test kills its whole process group with SIGKILL, as a power cut would. Then the
program is started again on the same files, and killed again, at every moment
of every kind of file. After every kill:

* every save loads (`saves.read` replays it and checks its snapshot), none is
  set aside or refused, and no temporary file is taken for one;
* a resumed game continues the save found after the previous kill, and holds
  all the actions the log says were applied, or all but the one in flight;
* the statistics load without a message, never lose a game they had counted,
  and count each of Ana's games once; the settings load without a message;
* a kill before the rename left the temporary file behind: the write really
  was cut short.

The same is done with a writer that truncates the file and writes it in place:
the checks must catch it, or they would prove nothing.

SIGTERM, which a script or a shutting-down system sends, ends the app as a
failure (status 143) with its game saved.
"""

from __future__ import annotations

import os
import queue
import random
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

from drako_desktop import saves, storage
from drako_desktop.settings import Settings, settings_path
from drako_desktop.stats import Statistics, stats_path

PROGRAM = Path(__file__).resolve().parent / "kill_program.py"
SEED = 20261129
FILES = {"save": "saves/*.json", "statistics": "data/statistics.json", "settings": "config/settings.json"}
LAST_WRITE = {"save": 40, "statistics": 1, "settings": 4}  # the Nth write to stop at is chosen from 1..this
NAIVE_STAGES = ("truncated", "written")  # kill_program.naive_write_text's pause points
APPLIED = re.compile(r"game (\S+): action (\d+) applied|game (\S+) (?:started|resumed) at action (\d+)")
PAUSED_WITHIN = 120  # seconds: even a slow machine reaches the chosen write long before


def applied_counts(log_text: str) -> dict[str, int]:
    """Per game id, the most actions the log says were applied (or loaded at a resume)."""
    counts: dict[str, int] = {}
    for match in APPLIED.finditer(log_text):
        game = match.group(1) or match.group(3)
        n = int(match.group(2) or match.group(4))
        counts[game] = max(counts.get(game, 0), n)
    return counts


def kill_inside_a_write(home: Path, seed: int, file: str, stage: str, number: int, naive: bool = False) -> None:
    """Run the program until it reaches `stage` of its `number`th write of `file`, and kill it there."""
    env = dict(os.environ, DRAKO_DESKTOP_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env[storage.PAUSE_ENV] = f"{FILES[file]} {stage} {number}"
    proc = subprocess.Popen([sys.executable, str(PROGRAM), str(seed), *(["--naive"] if naive else [])], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stderr], daemon=True).start()
    said = []
    try:
        while not (line := lines.get(timeout=PAUSED_WITHIN)).startswith("paused "):
            said.append(line)
            assert proc.poll() is None, f"the program ended with status {proc.poll()}: {''.join(said)}"
        assert line.split()[1] == stage
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the program at once, as a power cut would
        proc.wait()


def problems_on_disk(library, home: Path, before: dict) -> list[str]:
    """What is wrong with the files after a kill (empty when all is well); `before` carries what the
    previous kill left (game id -> actions, and the games the statistics counted)."""
    problems = []
    for folder in (saves.saves_dir(), saves.history_dir()):
        listing = saves.list_saves(library, folder)
        problems += [str(m) for m in listing.problems + listing.kept]
    log_path = home / "data" / "drako-desktop.log"
    applied = applied_counts(log_path.read_text(encoding="utf-8") if log_path.exists() else "")
    for folder in (saves.saves_dir(), saves.history_dir()):
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
            try:
                game, state = saves.read(path, library)  # replays every action and checks the snapshot
            except saves.SaveError as exc:
                problems.append(f"{path.name}: {exc}")
                continue
            earlier = before["actions"].get(game.game_id, ())
            if game.actions[:len(earlier)] != earlier:
                problems.append(f"{path.name}: the resumed game did not continue its save")
            done = applied.get(game.game_id, 0)
            if not done - 1 <= len(game.actions) <= done:
                problems.append(f"{path.name}: {len(game.actions)} actions saved of {done} applied")
            before["actions"][game.game_id] = game.actions
    stats, note = Statistics.load()
    if note is not None:
        problems.append(f"statistics: {note}")
    counted = set(stats.recorded)
    if not before["counted"] <= counted:
        problems.append(f"statistics: forgot the games {sorted(before['counted'] - counted)}")
    ana = stats.players_of("aetherya-pocket").get("Ana")
    if (ana.games if ana else 0) != len(counted):
        problems.append(f"statistics: Ana has {ana.games if ana else 0} games of {len(counted)} counted")
    before["counted"] = counted
    settings, note = Settings.load()
    if note is not None:
        problems.append(f"settings: {note}")
    return problems


def temporaries(file: str) -> set[Path]:
    """The temporary files of `file`'s writes that are there: each one a write killed before its rename."""
    folder = {"save": saves.saves_dir(), "statistics": stats_path().parent, "settings": settings_path().parent}[file]
    name = {"save": ".*.json.*.tmp", "statistics": ".statistics.json.*.tmp", "settings": ".settings.json.*.tmp"}[file]
    return set(folder.glob(name)) if folder.is_dir() else set()


def start_home(home: Path) -> None:
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text('{"version": 1, "animation_speed": "instant", "sound": false}')


def test_kills_inside_every_moment_of_every_write_never_break_a_file(library, private_home):
    start_home(private_home)
    rng = random.Random(SEED)
    before: dict = {"actions": {}, "counted": set()}
    kills = [(file, stage) for file in FILES for stage in storage.WRITE_STAGES]
    rng.shuffle(kills)
    for file, stage in kills:
        number = rng.randint(1, LAST_WRITE[file])
        earlier = temporaries(file)
        kill_inside_a_write(private_home, rng.randrange(2**31), file, stage, number)
        assert problems_on_disk(library, private_home, before) == [], (file, stage, number)
        assert (temporaries(file) > earlier) == (stage != "renamed"), (file, stage, number)  # cut short inside
        for leftover in (p for folder in (saves.saves_dir(), saves.history_dir()) if folder.is_dir()
                         for p in folder.iterdir() if not p.name.endswith(".json")):
            assert leftover.name.startswith("."), leftover  # temporary files and locks: never taken for a save
    assert len(before["actions"]) >= 2 and before["counted"]  # games were resumed, finished and counted


def test_the_kill_test_catches_a_writer_that_is_not_atomic(library, tmp_path, monkeypatch):
    caught = {"save": r"\d{8}-\d{6}-[0-9a-f]{6}\.json: not valid JSON", "statistics": "statistics: .*not valid JSON",
              "settings": "settings: .*not valid JSON"}
    for file in FILES:
        home = tmp_path / file
        start_home(home)
        monkeypatch.setenv("DRAKO_DESKTOP_HOME", str(home))
        kill_inside_a_write(home, SEED, file, NAIVE_STAGES[0], LAST_WRITE[file], naive=True)
        problems = problems_on_disk(library, home, {"actions": {}, "counted": set()})
        assert any(re.match(caught[file], problem) for problem in problems), (file, problems)


def test_sigterm_ends_play_exit_at_end_as_a_failure_with_the_save_whole(library, private_home):
    """A script runs `play --exit-at-end` and is told the game is over by status 0 and the result on standard
    output. SIGTERM ended it with 0 and nothing printed (SDL takes it for a click on Close): now 143, as a shell says
    of a program SIGTERM ended (SIGINT and SIGHUP give 130 and 129), and the game saved as it stood. It is sent
    once the game's second position is on disk (its writer then stops there for good, as the kills above do)."""
    start_home(private_home)
    env = dict(os.environ, DRAKO_DESKTOP_HOME=str(private_home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env[storage.PAUSE_ENV] = f"{FILES['save']} renamed 2"
    proc = subprocess.Popen([sys.executable, "-m", "drako_desktop", "play", "--seats", "ai:random,ai:random",
                             "--exit-at-end"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stderr], daemon=True).start()
    try:
        paused = lines.get(timeout=PAUSED_WITHIN)
        assert paused.startswith("paused renamed "), paused
        proc.send_signal(signal.SIGTERM)
        out = proc.stdout.read()
        status = proc.wait(timeout=PAUSED_WITHIN)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert (status, out) == (128 + signal.SIGTERM, "")
    (path,) = saves.saves_dir().glob("*.json")
    game, _ = saves.read(path, library)
    # The second position written: the game's start is the first, and a busy machine's writer may have taken
    # more than one move into the next.
    assert not game.finished and len(game.actions) >= 1 and saves.SaveLock(path).holder() is None, game.actions
    assert not path.with_name(f".{path.name}.lock").exists()  # let go of: the next copy opens it without asking
