"""Sound effects: every event sound exists, the setting silences them, and the table plays them as things happen."""

from __future__ import annotations

import pygame

from drako_desktop.games.aetherya_pocket.engine import CENTRE, Event
from drako_desktop.games.aetherya_pocket.ui import EVENT_SOUNDS
from drako_desktop.ui.sound import Sounds, sound_files
from test_ui_table import centre_of, drag, first_turn
from ui_support import click, frames


class Recorder:
    """Stands in for Sounds on a table, remembering what it was asked to play."""

    enabled = True

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> bool:
        self.played.append(name)
        return True

    def close(self) -> None:
        """Nothing plays: nothing to stop."""


def test_every_event_sound_is_bundled():
    names = {path.stem for path in sound_files()}
    assert set(EVENT_SOUNDS.values()) | {"refused"} <= names


def test_sounds_play_only_when_enabled(aetherya):
    sounds = Sounds(enabled=True)
    assert sounds.available  # SDL's dummy audio driver opens like a real device
    game_ui = aetherya.ui()
    assert game_ui.sound_for(Event("claim", 0, legend="four-tribes")) == "claim"
    assert game_ui.sound_for(Event("pass", 0)) is None  # no sound for that event
    assert sounds.play("claim")
    sounds.enabled = False
    assert not sounds.play("place")


def test_the_table_plays_the_draw(rules):
    app, table = first_turn(rules, seed=3)
    recorder = app.ctx.sounds = Recorder()
    click(app, centre_of(table, ("draw",)))
    frames(app, 60)
    assert "draw" in recorder.played
    app.close()


def test_a_refused_drop_sounds_refused(rules):
    for seed in range(1, 60):  # a deal whose discard has the type of a card in the person's centre
        app, table = first_turn(rules, seed=seed)
        seat = table.decision().seat
        centre = [table.board.model.kingdoms[seat][i] for i in CENTRE]
        if table.board.model.discard_top in centre:
            break
        app.close()
    recorder = app.ctx.sounds = Recorder()
    cell = CENTRE[centre.index(table.board.model.discard_top)]
    drag(app, centre_of(table, ("discard",)), centre_of(table, ("cell", seat, cell)))
    assert recorder.played == ["refused"]
    app.close()


def test_turning_sound_off_in_settings_silences_the_table(rules):
    app, table = first_turn(rules, seed=3)
    app.update_settings(sound=False)
    assert not app.ctx.sounds.enabled
    assert not app.ctx.sounds.play("draw")
    app.close()


def test_closing_stops_every_sound_and_the_audio_device():
    """The app closes its sounds before pygame quits: nothing is left playing, the device is closed."""
    sounds = Sounds(True)
    assert sounds.available  # SDL_AUDIODRIVER=dummy gives a device
    assert sounds.play("draw") and pygame.mixer.get_busy()
    sounds.close()
    assert not pygame.mixer.get_init() and not sounds.available and not sounds.play("draw")
