"""Playing across computers: a headless host drives the game with the turn controller and serves each seat played
from another computer over the network; a client joins one seat with an invitation (docs/network.md).

protocol: the messages, their limits and the refusals; invitation: the line of text that lets one seat in;
certificate: the host's self-signed TLS certificate and the seats' keys, kept in the data folder; host: the table
served (`Table`) and its server; client: the connection from another computer, usable from a frame loop without
ever blocking it (`NetClient`), and the headless seat player of `drako-desktop join` (`play_seat`).
"""
