"""Free For All (§16, three to five players) and two versus two (§17): the table, the turns, the rounds' scoring,
each ability's change in these modes, the board files that write such a table down, the bots' choices and the
simulation runs.

The two-player engine (:mod:`deckcli.game.state`, :mod:`deckcli.game.rounds`, ...) is left as it is: a
:class:`~deckcli.game.multiplayer.table.Table` is a :class:`~deckcli.game.state.Game` with more sides, whose
Strength rule (:meth:`~deckcli.game.state.Game.row_values`), Scorch choice (``strongest``) and pure helpers
(Summon, Berserker, Weather) are reused unchanged; only what a mode changes is coded here, each at its section.
"""
