"""The short balance summary ``cardgen check`` ends with, from its own sanity games.

No extra game is played: the sanity games are recorded (see
:mod:`cardgen.play.records`) and each kind's holders are set against the other
players. That is an association, not the ablation ``cardgen balance`` measures, and
the summary names a kind only when the interval of the difference leaves out zero.
It first says whether the deck works as a game (see :mod:`cardgen.balance.health`);
in a deck that does not, it names no kind: the holders' wins would measure the
breakage, and the card that breaks the game would read as weak.
"""

from __future__ import annotations

from typing import Any

from cardgen.balance.health import game_health, shape_of
from cardgen.balance.kinds import kind_groups
from cardgen.balance.report import health_lines, labels, pct, standing_out
from cardgen.balance.study import kind_figures
from cardgen.balance.tally import Tally
from cardgen.deck.load import Deck
from cardgen.engine.game import GameResult


class SanityBalance:
    """Collects the sanity games of a check, by player count."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.tallies: dict[int, tuple[Tally, list[Any]]] = {}

    def add(self, result: GameResult) -> None:
        players = len(result.scores)
        if players not in self.tallies:
            from cardgen.engine import Variant

            variant = Variant.from_deck(self.deck, players)
            groups = kind_groups(variant)
            tally = Tally(players, {g.key: g.kinds(variant) for g in groups})
            self.tallies[players] = (tally, groups)
        tally, _ = self.tallies[players]
        tally.add(tally.games, result)

    def health(self, players: int) -> dict[str, Any] | None:
        """Whether the games of ``players`` players work as a game (None: none played):
        the verdict :func:`cardgen.check.check_deck` turns into an error, and the one
        the summary prints."""
        if players not in self.tallies:
            return None
        return game_health(shape_of(self.tallies[players][0]), None, [])

    def as_dict(self) -> list[dict[str, Any]]:
        out = []
        for players, (tally, groups) in sorted(self.tallies.items()):
            kinds = [kind_figures(g, tally, None) for g in groups]
            won = sum(tally.mean(f"position:{p}").estimate for p in range(players))
            overall = won / players  # a player's share of rounds won, blocked ones counted
            health = self.health(players)
            assert health is not None
            # In a broken game the holders' wins measure the breakage, not the cards:
            # no kind is named as standing out (weak, above all) for it.
            looked_at = standing_out(kinds, overall) if health["works"] else []
            out.append({"players": players, "rounds": tally.rounds,
                        "overall": round(overall, 6), "health": health,
                        "standing_out": [{"key": k["key"], "win_dealt": k["win_dealt"],
                                          "interval": [round(v, 6) for v in k["interval"]]}
                                         for k in looked_at]})
        return out

    def lines(self, lang: str = "en") -> list[str]:
        words = labels(lang)
        names = {g.key: g.name[lang] for _, groups in self.tallies.values()
                 for g in groups}
        text = []
        for table in self.as_dict():
            text.append(words["check_title"].format(players=table["players"],
                                                    rounds=table["rounds"]))
            text += ["  " + line for line in health_lines(table["health"], names, "", words,
                                                           lang)]
            for kind in table["standing_out"]:
                low, high = kind["interval"]
                text.append(words["check_stands_out"].format(
                    kind=kind["key"], won=pct(kind["win_dealt"]["estimate"], lang=lang),
                    others=pct(table["overall"], lang=lang),
                    interval=f"{pct(low, lang=lang)}–{pct(high, lang=lang)}"))
            if not table["standing_out"] and table["health"]["works"]:
                text.append(words["check_nothing"])
        return text
