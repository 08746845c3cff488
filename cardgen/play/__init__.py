"""Many games at once, no rule decided here: the bots (:mod:`.players`; the ones that
look ahead, :mod:`.search`), ``cardgen simulate`` (:mod:`.simulate`), ``cardgen rate``
(:mod:`.ratings`), a game's recipe (:mod:`.recipes`), the records ``cardgen
balance`` keeps (:mod:`.records`), one-round games dealt and played by seed
(:mod:`.rounds`) and Ray batches (:mod:`.cluster`)."""
