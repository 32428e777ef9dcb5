"""The bottom of the app: the one game interface (`game`) and the registry of games (`registry`).

Everything that serves a game (controller, saves, replay, statistics, the command line, the screens) sits above
this package and reaches a game only through it; the games sit on top of everything. It imports no game and no
pygame, and nothing of the app above it.
"""
