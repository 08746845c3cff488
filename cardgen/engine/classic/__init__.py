"""The official rules (seeds 001, 002, 004): the hooks every variant starts from
(:mod:`.rules`), the standard cards' effects (:mod:`.cards`), the +4 with its bluff and
challenge (:mod:`.wild_draw_four`), the UNO call and its catch (:mod:`.uno_call`), and
the official options (:mod:`.options`)."""
