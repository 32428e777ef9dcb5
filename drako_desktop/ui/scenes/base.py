"""Scenes and the stack that runs them.

A scene handles events, updates with dt and draws itself. The stack's top
scene gets the events and updates; an overlay (`opaque = False`: the in-game
menu, the score sheet) is drawn over the scenes beneath it, which are frozen.
A notice (`notice = True`: a message with an OK button) is the exception: it
takes the events, but the scene beneath it goes on (a computer game plays on
while its message waits for someone to read it), and it stays on top of what
that scene opens meanwhile.

The app draws a frame only when an event comes or a scene asks for one: each
scene says, with `next_frame_in()`, when it next needs a frame on its own (an
animation, a pulse, a worker thread to poll, a toast to expire, a tooltip's
hover delay); a scene that only changes on events says None and costs nothing
while the person reads it.
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING, Protocol

import pygame

if TYPE_CHECKING:
    from ..context import Context


ANIMATING = 0.0  # next_frame_in: something moves, draw every frame
PULSE = 1 / 30  # ...only a slow glow pulses: half the frame rate looks the same
POLL = 1 / 20  # ...a worker thread (a computer or a hint thinking, a save being written) is asked this often


def soonest(*waits: float | None) -> float | None:
    """The earliest of several `next_frame_in` answers (None: none of them needs a frame)."""
    known = [w for w in waits if w is not None]
    return max(0.0, min(known)) if known else None


class Stage(Protocol):
    """What a scene needs of where it plays, as the framework sees it: a context to draw with. Each screen names
    the wider room it plays in (`ui/room.py`: `app: Room`, `app: GameRoom` ...), which the app is."""

    @property
    def ctx(self) -> Context: ...


class Scene:
    opaque = True
    notice = False

    app: Stage  # a screen narrows it to its room: what of the app it may touch (a table's or a menu's is wider)

    def __init__(self, app: Stage) -> None:
        self.app = app
        self._drawn_look: object = None  # `look` when this scene was last drawn

    @property
    def ctx(self):
        return self.app.ctx

    def relayout(self) -> None:
        """Compute rects and widgets for the current window size and language."""

    def enter(self) -> None:
        self.relayout()

    def leave(self) -> None:
        """The scene is removed from the stack for good."""

    def uncovered(self) -> None:
        """The scene above this one was closed: this one is on top again."""

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def next_frame_in(self) -> float | None:
        """Seconds until this scene needs drawing again when no event comes: ANIMATING (0) while something
        moves, a delay for something timed, None when only an event can change what it shows."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def look(self) -> object:
        """Everything a frame of this scene shows that can change between two frames, when the scene can tell
        (None: it cannot): a frame that would look as the last one drawn is not drawn (at 3840 x 2160 a screen
        drawn whole takes 5-15 ms, and every mouse move brings a frame)."""
        return None

    def draw_whole(self, surface: pygame.Surface) -> None:
        self.draw(surface)
        self._drawn_look = self.look()

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw over the frame this scene drew last, which the window still shows: the regions drawn again
        (None: all of it). A scene that cannot tell draws all of it."""
        look = self.look()
        if look is not None and look == self._drawn_look:
            return []
        self.draw_whole(surface)
        return None

    def draws_over_last(self) -> bool:
        """Whether `draw_changes` can draw this frame alone over the last one, as it is: an opaque scene always
        can; an overlay when it keeps what it drew over (the scenes beneath are frozen while it is up)."""
        return self.opaque


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.changes = 0  # scenes put on or taken off so far: a change to show
        # (the scenes that drew the last frame, the window they drew on, its size): the top one may draw only
        # what changed over it
        self._shown: tuple[tuple[Scene, ...], pygame.Surface, tuple[int, int]] | None = None
        self._settling = False  # what lives is kept from the garbage collector's walks at the next update
        self._frozen = False  # something was kept from the collector (`_settle`)
        # A whole screen was closed (the viewer, the review, the rules): collected at the next update. A scene
        # refers to itself (its buttons' actions), so only the collector frees it and all it drew, and its passes
        # count objects, not the megabytes of pictures few of them hold (a viewer's 14-26 MB piled up).
        self._collecting = False

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        """Put a scene on top (beneath the notices showing, unless it is one itself)."""
        at = len(self.scenes)
        while not scene.notice and at > 0 and self.scenes[at - 1].notice:
            at -= 1
        self.scenes.insert(at, scene)
        self.changes += 1
        scene.enter()
        return scene

    def pop(self) -> None:
        if self.scenes:
            self.remove(self.scenes[-1])

    def remove(self, scene: Scene) -> None:
        """Take one scene off the stack wherever it is (a dialog whose screen moved on)."""
        if scene in self.scenes:
            top = scene is self.scenes[-1]
            self._take_off(scene)
            if top and self.scenes:
                self.scenes[-1].uncovered()

    def replace_all(self, scene: Scene) -> Scene:
        while self.scenes:
            self._take_off(self.scenes[-1])
        if self._frozen:  # a table kept from the collector is left (for the menu): let go of it too
            self.settle_soon()
        return self.push(scene)

    def _take_off(self, scene: Scene) -> None:
        self.changes += 1
        self.scenes.remove(scene)
        scene.leave()
        self._collecting |= scene.opaque
        if self._shown is not None and scene in self._shown[0]:
            # Nor kept as shown (the next frame, without it, is drawn whole anyway): what lives when a table comes
            # is kept from the collector (see settle_soon), and a finished table kept so was never let go.
            self._shown = None

    def settle_soon(self) -> None:
        """What lives at the next update (a table that came, the card data and pictures it made) lives on: the
        garbage collector is kept from walking it again and again (that shows as frame hitches), and what was
        kept so before and is let go now (the table before) is collected. At the next update, not now: the
        scene that changed the stack (a score sheet's Rematch) is still running then, and the table it belongs
        to would be kept for the whole next game."""
        self._settling = True

    def _settle(self) -> None:
        self._settling = False
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self._frozen = True  # (gc.get_freeze_count() says so too, but counts every object kept: milliseconds)

    def find(self, kind: type) -> Scene | None:
        return next((s for s in reversed(self.scenes) if isinstance(s, kind)), None)

    def relayout(self) -> None:
        self._shown = None
        for scene in self.scenes:
            scene.relayout()

    def handle(self, event: pygame.event.Event) -> None:
        if self.top is not None:
            self.top.handle(event)

    def running(self) -> list[Scene]:
        """The scenes that update: the top one; when it is a notice, also the first scene beneath the notices."""
        top = self.top
        if top is None:
            return []
        beneath = next((s for s in reversed(self.scenes) if not s.notice), None) if top.notice else None
        return [top] if beneath is None else [top, beneath]

    def update(self, dt: float) -> None:
        if self._settling:
            self._settle()
        elif self._collecting:
            gc.collect()  # what is kept from the collector's walks is not walked: a few milliseconds
        self._collecting = False
        running = self.running()
        for scene in running:
            if scene is running[0] or scene in self.scenes:  # the top may have closed the one beneath
                scene.update(dt)

    def next_frame_in(self) -> float | None:
        """When the running scenes next need a frame without an event (None: not until one comes)."""
        return soonest(*(scene.next_frame_in() for scene in self.running()))

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the top scene and the overlays' scenes beneath it; the regions of the window drawn again, or
        None when all of it was (a scene drawn over another, or after something else drew on the window)."""
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        drawing = tuple(self.scenes[max(0, start):])
        shown, self._shown = self._shown, None  # until this frame is drawn whole: an error may stop it half way
        if not drawing:
            return None
        frame = (drawing, surface, surface.get_size())
        if shown == frame and drawing[-1].draws_over_last():
            changed = drawing[-1].draw_changes(surface)
        else:
            for scene in drawing:
                scene.draw_whole(surface)
            changed = None
        self._shown = frame
        return changed

    def forget_shown(self) -> None:
        """Something else drew on the window: the next frame is drawn whole."""
        self._shown = None
