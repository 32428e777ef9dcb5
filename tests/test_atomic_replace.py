"""Atomic writes where the rename can be refused for a moment (Windows: another program has the file open):
tried again briefly, then given up with the previous file kept, and the new text kept by the saver."""

from __future__ import annotations

import os

import pytest

from drako_desktop import saves, storage
from drako_desktop.controller.game import COMPUTER, GameSetup, Seat
from drako_desktop.games.aetherya_pocket.engine import GameState

REAL_REPLACE = os.replace


class Refusing:
    """os.replace refusing with PermissionError its first `times` calls (a virus scanner holding the file)."""

    def __init__(self, times: int) -> None:
        self.times = times
        self.calls = 0

    def __call__(self, src, dst) -> None:
        self.calls += 1
        if self.calls <= self.times:
            raise PermissionError(13, "Access is denied", str(dst))
        REAL_REPLACE(src, dst)


@pytest.fixture
def waits(monkeypatch):
    taken: list[float] = []
    monkeypatch.setattr(storage, "pause", taken.append)
    return taken


def test_a_refused_rename_is_tried_again_until_it_succeeds(tmp_path, monkeypatch, waits):
    target = tmp_path / "settings.json"
    target.write_text("old")
    refusing = Refusing(3)
    monkeypatch.setattr(os, "replace", refusing)
    storage.atomic_write_text(target, "new")
    assert target.read_text() == "new"
    assert refusing.calls == 4 and waits == list(storage.REPLACE_PAUSES[:3])
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temporary file left


def test_a_rename_refused_for_good_keeps_the_old_file_and_says_so(tmp_path, monkeypatch, waits):
    target = tmp_path / "stats.json"
    target.write_text("old")
    refusing = Refusing(1000)
    monkeypatch.setattr(os, "replace", refusing)
    with pytest.raises(storage.FileInUseError) as caught:
        storage.atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["stats.json"]
    assert refusing.calls == len(storage.REPLACE_PAUSES) + 1
    assert 0.5 <= sum(waits) <= 2  # briefly: about a second
    assert "open in another program" in caught.value.strerror and "previous version is kept" in caught.value.strerror
    assert isinstance(caught.value, OSError)  # every caller already reports an OSError


def test_other_errors_are_not_tried_again(tmp_path, monkeypatch, waits):
    def full(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError) as caught:
        storage.atomic_write_text(tmp_path / "a.json", "x")
    assert not isinstance(caught.value, storage.FileInUseError) and waits == []


def test_the_autosaver_keeps_the_old_save_says_why_and_writes_the_game_at_the_next_move(aetherya, library, rules,
                                                                                         monkeypatch, waits):
    setup = GameSetup((Seat("Ana"), Seat("Bot", COMPUTER, "random")), seed=42)
    state = GameState.new(rules, 2, setup.seed, setup.first)
    writer = saves.Autosaver(saves.start_game(setup), aetherya)
    try:
        writer.save(state)
        assert writer.flush()
        before = writer.path.read_text()
        monkeypatch.setattr(os, "replace", Refusing(1000))  # from now on another program holds the save open
        state.apply(state.legal_actions()[0])
        writer.save(state)
        assert writer.flush()
        assert writer.path.read_text() == before  # the previous save, whole
        assert writer.error is not None and writer.error.key == "save_errors.not_saved"
        assert "previous version is kept" in writer.error.values["reason"]
        monkeypatch.setattr(os, "replace", Refusing(0))  # it let go of the file: the next save writes the game
        state.apply(state.legal_actions()[0])
        writer.save(state)
        assert writer.flush()
        assert writer.error is None
        assert saves.read(writer.path, library)[0].actions == tuple(state.history)
    finally:
        writer.close()
