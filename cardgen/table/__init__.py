"""The table: one game of a deck played by people and bots, whatever screen shows it.

Below the terminal (`cardgen play`, :mod:`cardgen.terminal`) and the browser (`cardgen
serve`, :mod:`cardgen.serve`), which each only show lines and ask a person in their
own way, this layer holds what both play:

- :mod:`.settings`: what a table was asked for
  (:class:`~cardgen.table.settings.TableSettings`: the deck, the seats, the rules, the
  bots, the deal, the language);
- :mod:`.game`: the round loop (:class:`~cardgen.table.game.TableGame`): each round
  dealt, played and scored by the engine, what happens said to each person's narrator;
  a screen subclasses it to show those lines and to ask its people;
- :mod:`.seats`: who sits where (a person or a bot), each person with their words and,
  each round, their narrator;
- :mod:`.words`: what the table says in a person's language (the area ``play`` of
  ``templates/locale/``): labels, card and colour names, each action as a person says it;
- :mod:`.narrator`: the engine's log lines said again to one seat
  (:class:`~cardgen.table.narrator.TableLog`), with what that seat may see only;
- :mod:`.causes`: why something happened to that seat (the card that made it draw or
  miss its turn).
"""
