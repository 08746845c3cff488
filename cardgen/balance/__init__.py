"""``cardgen balance``: what each card kind and optional rule does to the game.

- :mod:`~cardgen.balance.kinds`: a deck's kinds of card, and the deck with one replaced
  by plain numbers (an ablation);
- :mod:`~cardgen.balance.study`: the runs played on the same seeds, and their figures;
- :mod:`~cardgen.balance.tally`: recorded games summed up, run against run;
- :mod:`~cardgen.balance.stats`: intervals (Wilson, normal, bootstrap, by game) and the
  games an effect would need;
- :mod:`~cardgen.balance.report`, :mod:`~cardgen.balance.charts`: the table and the PDF;
- :mod:`~cardgen.balance.quick`: the short summary ``cardgen check`` ends with;
- :mod:`~cardgen.balance.command`: the command's options.
"""
