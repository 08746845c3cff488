"""``cardgen balance``: what each card kind and optional rule does to the game.

- :mod:`~cardgen.balance.kinds`: a deck's kinds of card, and the deck with one replaced
  by plain numbers (an ablation);
- :mod:`~cardgen.balance.study`: the whole games of the deck and the baseline, and every
  figure of the report;
- :mod:`~cardgen.balance.ablation`: each kind and option measured on pairs of one-round
  games until it is settled;
- :mod:`~cardgen.balance.sequential`: when an effect is settled (the looks, the repeated
  intervals, the error rates);
- :mod:`~cardgen.balance.health`: whether the deck works as a game;
- :mod:`~cardgen.balance.tally`: recorded games summed up, and pairs compared;
- :mod:`~cardgen.balance.stats`: intervals (Wilson, normal, bootstrap, by game) and the
  games an effect would need;
- :mod:`~cardgen.balance.report`, :mod:`~cardgen.balance.charts`: the table and the PDF;
- :mod:`~cardgen.balance.quick`: the short summary ``cardgen check`` ends with;
- `cardgen balance` itself, its options and outputs, is :mod:`cardgen.commands.balance`.
"""
