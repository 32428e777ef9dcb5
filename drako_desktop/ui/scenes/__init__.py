"""The scenes of the game: menus, the table, the score sheet, rules, settings and about."""
