"""Everything an external bot starts ends with it, even what tried to leave.

A bot runs in a session of its own that is ended as a whole (`ExecAgent._end`), but a helper it starts may
call setsid() and fork twice, as daemons do: it is then in no group of the bot's and its parent is gone, so
ending the bot's group does not reach it. Where the platform allows, the game owns all of a bot's
descendants whatever they do:

* Linux: the process running bots makes itself a child subreaper (prctl PR_SET_CHILD_SUBREAPER), so an orphan
  of any of its descendants becomes its child instead of init's. When the last bot of the process has ended,
  every child of this process that is not of its own session (what the game itself starts is) is such an
  orphan: it is ended, and so is every orphan that comes after it, and each is reaped.
* Windows: each bot is put in a job object that kills its processes when its last handle is closed; nothing a
  bot starts leaves the job, and the handle is closed when the bot is ended.
* Elsewhere, ending the bot's process group is all there is.
"""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("drako_desktop.ai")

PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h
ORPHANS_WITHIN = 2.0  # seconds to end the orphans and the orphans they leave in turn (a fork bomb: as many as it can)

_lock = threading.Lock()
_bots: set[int] = set()  # the bots of this process still running: their helpers are not orphans yet
_subreaper = False  # this process adopts its descendants' orphans


def _adopt_orphans() -> bool:
    """Make this process a child subreaper (Linux); whether it is one."""
    global _subreaper
    if not _subreaper and sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            _subreaper = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
        except (OSError, AttributeError):  # no prctl to be had: the process group is all there is
            _subreaper = False
        if not _subreaper:
            log.warning("cannot adopt the orphans of external bots: a helper a bot detaches may outlive it")
    return _subreaper


def _children() -> list[int]:
    """The processes whose parent this one is (Linux), from /proc."""
    me, found = os.getpid(), []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_bytes()
        except OSError:  # ended meanwhile
            continue
        fields = stat[stat.rfind(b")") + 2:].split()  # after the name in brackets: state, parent, ...
        if len(fields) > 1 and int(fields[1]) == me:
            found.append(int(entry.name))
    return found


def _session(pid: int) -> int | None:
    try:
        return os.getsid(pid)
    except OSError:  # gone, or a zombie
        return None


def _end_orphans() -> None:
    """End and reap every child of this process that is not of its session: orphans of bots that ended, and
    the orphans they leave in turn, until none is left (or ORPHANS_WITHIN has passed)."""
    own = os.getsid(0)
    deadline = time.monotonic() + ORPHANS_WITHIN
    while time.monotonic() < deadline:
        with _lock:
            if _bots:  # a bot started meanwhile: its helpers are not orphans
                return
            orphans = [pid for pid in _children() if _session(pid) != own]
        if not orphans:
            return
        for pid in orphans:
            log.warning("ending process %d, left behind by an external bot", pid)
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:  # ended already (a zombie waiting for its parent: this process)
                pass
            try:
                os.waitpid(pid, 0)  # it is this process's child now: reaped, not left a zombie
            except ChildProcessError:
                pass


class Descendants:
    """A bot's processes, all of them: made before the bot is started (its orphans must find this process a
    subreaper already), told of it once it is (`started`), ended after it (`end`)."""

    def __init__(self) -> None:
        self.pid: int | None = None
        self._job: int | None = None  # Windows: the job object holding the bot and what it starts
        if sys.platform.startswith("linux"):
            _adopt_orphans()

    def started(self, proc: subprocess.Popen) -> None:
        self.pid = proc.pid
        with _lock:
            _bots.add(proc.pid)
        if sys.platform == "win32":  # (what the bot starts in its first instants, before this, is not in it)
            self._job = _job_for(proc)

    def end(self) -> None:
        """The bot has been ended (its process group) and reaped: end whatever of it is left."""
        if self._job is not None:
            _close_job(self._job)
            self._job = None
        with _lock:
            _bots.discard(self.pid or 0)
        if _subreaper:
            _end_orphans()


def _job_for(proc: subprocess.Popen) -> int | None:
    """A job object that kills its processes once closed, with the bot in it (Windows; None if it cannot be
    had: the bot's tree is then ended by taskkill alone)."""
    from ctypes import wintypes

    kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]

    class Limits(ctypes.Structure):  # JOBOBJECT_EXTENDED_LIMIT_INFORMATION
        _fields_ = [("PerProcessUserTimeLimit", ctypes.c_int64), ("PerJobUserTimeLimit", ctypes.c_int64),
                    ("LimitFlags", wintypes.DWORD), ("MinimumWorkingSetSize", ctypes.c_size_t),
                    ("MaximumWorkingSetSize", ctypes.c_size_t), ("ActiveProcessLimit", wintypes.DWORD),
                    ("Affinity", ctypes.c_size_t), ("PriorityClass", wintypes.DWORD),
                    ("SchedulingClass", wintypes.DWORD), ("IoInfo", ctypes.c_uint64 * 6),
                    ("ProcessMemoryLimit", ctypes.c_size_t), ("JobMemoryLimit", ctypes.c_size_t),
                    ("PeakProcessMemoryUsed", ctypes.c_size_t), ("PeakJobMemoryUsed", ctypes.c_size_t)]

    job = kernel.CreateJobObjectW(None, None)
    if not job:
        return None
    limits = Limits()
    limits.LimitFlags = 0x2000  # JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
    extended_limit_information = 9
    handle = int(proc._handle)  # type: ignore[attr-defined]  # the process handle Popen holds
    if not (kernel.SetInformationJobObject(job, extended_limit_information, ctypes.byref(limits),
                                           ctypes.sizeof(limits))
            and kernel.AssignProcessToJobObject(job, handle)):
        log.warning("cannot put the external bot in a job object: what it starts may outlive it")
        kernel.CloseHandle(job)
        return None
    return job


def _close_job(job: int) -> None:
    ctypes.windll.kernel32.CloseHandle(job)  # type: ignore[attr-defined]  # kills what is left in the job
