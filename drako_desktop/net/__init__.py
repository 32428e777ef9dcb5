"""Playing across computers (docs/network.md): a headless host drives the game with the turn controller and serves
each seat played from another computer; a client joins one seat with an invitation.

protocol: the messages, their limits and the refusals; invitation: the line of text that lets one seat in; hosting:
what a host keeps besides the save (its certificate, the seats' keys); table: the game served (`Table`, remote seats
as agents); server: the TLS WebSocket server in front of a table; host: `drako-desktop host` (`Host`); client: one
seat's connection, usable from a frame loop without ever blocking it (`NetClient`); seat: `drako-desktop join
--agent`; commands: the two commands' arguments.
"""
