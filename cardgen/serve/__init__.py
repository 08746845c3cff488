"""`cardgen serve`: a table in the browser for friends on one network, the rules held
by the server.

- :mod:`~cardgen.serve.table`: the game, played in a thread of its own by the engine,
  each seat asked in turn (a person through their page, a bot otherwise), what each
  seat is shown published for the web, which never waits on the engine;
- :mod:`~cardgen.serve.seats`: who sits where, their tokens, whether they are there;
- :mod:`~cardgen.serve.snapshot`: what one seat's page is sent, and nothing more;
- :mod:`~cardgen.serve.app`: the page, the images and the WebSocket (aiohttp), which
  refuse and log every request the table does not take;
- :mod:`~cardgen.serve.guard`: the connections taken (how many, from whom, how long a
  request may take to arrive);
- :mod:`~cardgen.serve.host`: what the host types at the terminal (``seats``,
  ``free N``, ``close``);
- :mod:`~cardgen.serve.faces`: the deck's faces as PNG images, made in memory by the
  renderer; :mod:`~cardgen.serve.qr`: the join link as a QR code;
- :mod:`~cardgen.serve.run`: the socket, the link, and serving until Ctrl-C.

The page itself (HTML, CSS, a small script) and its words are in ``templates/serve/``.
"""
