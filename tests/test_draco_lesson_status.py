"""The Draco Mundis lesson's bottom bar says what the step asks (as the Aetherya lesson's does), never the
table's own advice: "Your turn: select a character" under "read this, then press Next" sent people clicking
the board, which the lesson then refused in red."""

from __future__ import annotations

import pytest

from drako_desktop import i18n
from drako_desktop.games.draco_mundis import lesson as tutorial
from drako_desktop.games.draco_mundis.ui.tutorial_scene import lesson_table
from drako_desktop.i18n import tr
from drako_desktop.ui.lesson_table import LessonTable
from test_draco_ui import draco, follow_the_lesson, tutorial_step_text
from ui_support import make_app, screenshot


def steps_and_their_status(app) -> dict[str, str]:
    """Follow the whole lesson as a player would; what the bottom bar says when each step is first shown."""
    said: dict[str, str] = {}

    def note(scene: LessonTable) -> None:
        if scene.choreo.idle:
            said.setdefault(scene.step.id, scene.status_text())

    follow_the_lesson(app, each_frame=note)
    return said


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_bottom_bar_says_what_each_step_of_the_lesson_asks(language):
    app = make_app(draco(), size=(1280, 720), animation_speed="instant", language=language)
    said = steps_and_their_status(app)
    lesson = tutorial.load_lesson(draco())
    assert list(said) == [step.id for step in lesson.steps]
    assert said == {step.id: tutorial_step_text(step.id, "wrong") for step in lesson.steps}
    screenshot(app, f"draco-lesson-end-status-{language}")
    app.close()
    i18n.set_language("en")


def test_a_read_step_says_read_then_next_and_playing_on_gives_the_table_its_words_back():
    app = make_app(draco(), size=(1280, 720), animation_speed="instant")
    lesson = tutorial.load_lesson(draco())
    scene = app.scenes.replace_all(lesson_table(app, lesson, lesson.index("scoring")))
    app.frame(1 / 60, [])
    assert scene.status_text() == tr("tutorial.read_first")
    screenshot(app, "draco-lesson-read-status-en")
    scene.play_on()
    assert scene.status_text() != tr("tutorial.read_first")
    app.close()
