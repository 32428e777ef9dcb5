"""Synthesise the game's sound effects into drako_desktop/ui/sounds/*.wav.

Every sound is made here from sine partials and filtered noise (no samples,
no licences to track), deterministically: running the script again writes the
same bytes. Standard library only.

Usage: python tools/make_sounds.py
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path
from typing import Callable

RATE = 44100
OUT = Path(__file__).resolve().parent.parent / "drako_desktop" / "ui" / "sounds"

Signal = Callable[[float], float]


def render(seconds: float, signal: Signal) -> list[float]:
    return [signal(i / RATE) for i in range(int(seconds * RATE))]


def envelope(t: float, attack: float, decay: float) -> float:
    """Fast rise, exponential fall."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def noise(seed: int, smooth: float) -> Signal:
    """Low-passed white noise (one-pole filter, `smooth` 0..1: higher = darker)."""
    rng = random.Random(seed)
    state = {"y": 0.0}

    def sample(_: float) -> float:
        state["y"] = smooth * state["y"] + (1 - smooth) * rng.uniform(-1, 1)
        return state["y"]

    return sample


def tone(freq: float, partials: tuple[float, ...] = (1.0, 0.35, 0.12)) -> Signal:
    return lambda t: sum(a * math.sin(2 * math.pi * freq * (k + 1) * t) for k, a in enumerate(partials))


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Sum (start time, samples) parts into one track."""
    length = max(int(start * RATE) + len(s) for start, s in parts)
    out = [0.0] * length
    for start, samples in parts:
        offset = int(start * RATE)
        for i, v in enumerate(samples):
            out[offset + i] += v
    return out


def note(freq: float, seconds: float, decay: float, level: float = 0.5) -> list[float]:
    wave_ = tone(freq)
    return render(seconds, lambda t: level * envelope(t, 0.004, decay) * wave_(t))


def swish(seed: int, seconds: float, level: float = 0.5) -> list[float]:
    hiss = noise(seed, 0.55)
    # A swell and fade, like a card sliding across felt.
    return render(seconds, lambda t: level * math.sin(math.pi * t / seconds) ** 2 * hiss(t))


def thock(seed: int, freq: float = 150.0, level: float = 0.7) -> list[float]:
    body = tone(freq, (1.0, 0.2))
    click = noise(seed, 0.3)
    return render(
        0.14, lambda t: level * (envelope(t, 0.002, 0.03) * body(t) + 0.5 * envelope(t, 0.001, 0.006) * click(t))
    )


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "draw": lambda: swish(1, 0.16, 0.45),
    "place": lambda: mix((0.0, swish(2, 0.08, 0.3)), (0.05, thock(3))),
    "flip": lambda: mix((0.0, swish(4, 0.07, 0.35)), (0.06, swish(5, 0.07, 0.3))),
    "discard": lambda: mix((0.0, swish(6, 0.12, 0.4)), (0.09, thock(7, 200.0, 0.45))),
    "shuffle": lambda: mix(*[(i * 0.045, thock(10 + i, 260.0 + 15 * i, 0.25)) for i in range(9)]),
    "claim": lambda: mix((0.0, note(659.3, 0.5, 0.18)), (0.09, note(987.8, 0.6, 0.25))),
    "turn": lambda: note(523.3, 0.45, 0.16, 0.32),
    "refused": lambda: mix((0.0, note(196.0, 0.18, 0.05, 0.45)), (0.07, note(174.6, 0.2, 0.06, 0.4))),
    "end": lambda: mix(*[(i * 0.13, note(f, 0.9, 0.35, 0.4)) for i, f in enumerate((523.3, 659.3, 784.0, 1046.5))]),
    "click": lambda: render(0.03, lambda t: 0.35 * envelope(t, 0.001, 0.005) * tone(1800.0, (1.0,))(t)),
}


def write(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(v) for v in samples))
    scale = min(1.0, 0.9 / peak) * 32767
    fade = int(0.005 * RATE)  # no click at the end
    for i in range(1, fade + 1):
        samples[-i] *= i / fade
    with wave.open(str(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(b"".join(struct.pack("<h", int(v * scale)) for v in samples))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write(OUT / f"{name}.wav", make())
        print(f"{name}.wav")


if __name__ == "__main__":
    main()
