"""The games, the top of the app: one package each (`aetherya_pocket`, `draco_mundis`), reached only through the
registry (`interface.registry`), which imports them by their module path on first use. No game imports another."""
