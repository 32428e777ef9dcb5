"""Sound effects: short synthesised sounds (tools/make_sounds.py) for what happens on the table.

Sound is a nicety: if the audio device cannot be opened the game goes on in
silence (and says so in the log), and the sound setting turns it off.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pygame

from .. import resources

log = logging.getLogger(__name__)

FOLDER = resources.package() / "ui" / "sounds"
REPEAT_GAP = 0.05  # seconds: a burst of identical events (the final reveal) plays as a ripple, not a roar


def sound_files(folder: Path = FOLDER) -> list[Path]:
    return sorted(folder.glob("*.wav")) if folder.is_dir() else []


class Sounds:
    def __init__(self, enabled: bool, folder: Path = FOLDER) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._last: dict[str, float] = {}
        files = sound_files(folder)
        if not files:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            self._sounds = {path.stem: pygame.mixer.Sound(str(path)) for path in files}
        except pygame.error as exc:
            log.info("no sound: %s", exc)

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def play(self, name: str) -> bool:
        """Play a sound by name; returns whether it was played."""
        sound = self._sounds.get(name)
        if not self.enabled or sound is None:
            return False
        now = time.monotonic()
        if now - self._last.get(name, -1.0) < REPEAT_GAP:
            return False
        self._last[name] = now
        sound.play()
        return True

    def close(self) -> None:
        """Stop every sound and close the audio device before pygame quits, so that no sound is left to end in
        the audio thread meanwhile (SDL_mixer calls back into pygame when a channel ends; once, a whole test
        run hung in pygame.quit with the audio thread still running)."""
        if pygame.mixer.get_init():
            pygame.mixer.stop()
            pygame.mixer.quit()
        self._sounds = {}
