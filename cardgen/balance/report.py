"""The balance report as text: the terminal table and the summary ``cardgen check`` ends with.

Every figure is printed with its interval. A kind's or an option's verdict is the one
its pairs settled (helps, hurts, no effect larger than the tolerance; see
:mod:`cardgen.balance.sequential`); another difference is named (lengthens …) only when
its 95 % interval leaves out zero. The words come from the catalogues of ``templates/locale/``.
"""

from __future__ import annotations

from typing import Any

from cardgen.catalogue.locale import labels as area_words
from cardgen.catalogue.locale import typography


def labels(lang: str) -> dict[str, str]:
    """The report's words in ``lang`` (the area ``balance`` of templates/locale/)."""
    return area_words("balance", lang)


def deck_names(report: dict[str, Any], lang: str) -> tuple[str, str]:
    """What the report calls the deck and the deck it is set against, in ``lang``: their
    names ("Soirée déluge"), or their ids in a report that has no names."""
    names = report.get("names", {})

    def name(role: str) -> str:
        return " ".join(names[role][lang].split()) if role in names else str(report[role])

    return name("deck"), name("against")


def localised(text: str, lang: str) -> str:
    """A number written the English way (``1,234.5%``) as ``lang`` writes it: in French
    ``1 234,5 %``, with narrow no-break spaces."""
    marks = typography(lang)
    return (text.replace(",", "\0").replace(".", marks.decimal_mark)
            .replace("\0", marks.thousands_mark).replace("%", marks.percent_sign))


def number(value: float, digits: int = 1, signed: bool = False) -> str:
    """``value`` to ``digits`` places, the English way. A value that rounds to zero is
    written 0.0 (+0.0 when signed), never -0.0: a negative zero is no figure."""
    rounded = round(value, digits)
    if rounded == 0:
        rounded = 0.0  # also turns -0.0 into 0.0
    return f"{rounded:+.{digits}f}" if signed else f"{rounded:.{digits}f}"


def pct(value: float, signed: bool = False, lang: str = "en") -> str:
    text = number(value * 100, 1, signed)
    return localised(text if signed else f"{text}%", lang)


def count(value: int, lang: str = "en") -> str:
    return localised(f"{value:,}", lang)


def interval_text(figure: dict[str, Any], *, percent: bool = False, signed: bool = False,
                  digits: int = 1, lang: str = "en", bare: bool = False) -> str:
    """``12.3 [11.0, 13.6]``, a figure with its 95 % interval (``bare``: a percentage's
    bounds without their sign, ``12.3% [11.0, 13.6]``, for the terminal's width)."""
    def fmt(v: float, whole: bool = True) -> str:
        if percent and (whole or not bare):
            return pct(v, signed, lang)
        return localised(number(v * (100 if percent else 1), digits, signed), lang)
    separator = typography(lang).interval_separator
    return (f"{fmt(figure['estimate'])} "
            f"[{fmt(figure['low'], False)}{separator}{fmt(figure['high'], False)}]")


def effect_verdict(figure: dict[str, Any], words: dict[str, str],
                   up: str = "higher", down: str = "lower", lang: str = "en") -> str:
    """What an effect's interval allows one to say, in words."""
    if figure.get("verdict") == "higher":
        return words[up]
    if figure.get("verdict") == "lower":
        return words[down]
    if figure.get("verdict") == "breaks-game":
        return words["breaks_game"]
    if figure.get("verdict") == "unclear":
        if figure.get("games_needed") is None:  # zero, or more games than a run plays
            return words["unclear_unmeasurable"]
        return words["unclear"].format(games=count(figure["games_needed"], lang))
    return ""


def points(tolerance: float, lang: str) -> str:
    """A tolerance in points of percentage, as the report writes it: 5, 2.5, 2,5."""
    return localised(number(tolerance * 100, 1).removesuffix(".0"), lang)


def settling_text(key: str, report: dict[str, Any], words: dict[str, str], lang: str) -> str:
    """The label ``key`` with the study's tolerance and error rate filled in."""
    settling = report["settling"]
    error = localised(number(settling["error_rate"] * 100, 1).removesuffix(".0") + "%", lang)
    return words[key].format(tolerance=points(settling["tolerance"], lang), error=error,
                             games=report["games"], seed=report["seed"])


def settled_words(figure: dict[str, Any], words: dict[str, str], tolerance: float,
                  up: str = "higher", down: str = "lower", within: str = "within",
                  lang: str = "en") -> str:
    """A settled figure's verdict in words, with the pairs it took."""
    said_points = points(tolerance, lang)
    verdict = figure["verdict"]
    if verdict == "unsettled":
        needed = figure.get("pairs_to_settle")
        if needed is None:
            return words["unsettled_far"].format(pairs=count(figure["pairs"], lang))
        return words["unsettled"].format(pairs=count(figure["pairs"], lang),
                                         needed=count(needed, lang))
    if verdict == "breaks-game":
        return words["breaks_game"]
    said = {"higher": words[up], "lower": words[down]}.get(verdict) or words[within].format(
        tolerance=said_points)
    if figure.get("small"):
        said += words["small"].format(tolerance=said_points)
    return said + words["settled_after"].format(pairs=count(figure["pairs"], lang))


def health_lines(health: dict[str, Any], kind_names: dict[str, str], against: str,
                 words: dict[str, str], lang: str = "en") -> list[str]:
    """Whether the deck works as a game: one line, or a heading and one per trouble, each
    with its figures and the kinds it comes with (``kind_names``: key -> name)."""
    if health["works"]:  # without a baseline, no length to compare with
        if not against or "length" not in health:
            return [words["health_works_alone"]]
        return [words["health_works"].format(length=length_text(health["length"], against,
                                                                 words, lang))]
    lines = [words["health_broken"]]
    for trouble in health["troubles"]:
        kinds = [kind_names.get(key, key) for key in trouble["kinds"]]
        text = trouble_text(trouble, against, words, lang)
        text += (words["health_with"].format(kinds=", ".join(kinds)) if kinds
                 else words["health_with_none" if against else "health_with_check"])
        lines.append("  - " + text)
    return lines


def length_text(length: dict[str, Any], against: str, words: dict[str, str],
                lang: str = "en") -> str:
    """How long the deck's rounds last against the baseline's, in the words of its class
    (:func:`cardgen.balance.health.length_class`), with the figures it rests on."""
    return words[f"length_{length['class']}"].format(
        change=pct(abs(length["ratio"] - 1), lang=lang), against=against,
        turns=localised(number(length["turns"]), lang),
        base=localised(number(length["baseline"]), lang))


def trouble_text(trouble: dict[str, Any], against: str, words: dict[str, str],
                 lang: str = "en") -> str:
    """One trouble of a broken game with its figures ("44.5% of rounds block: …")."""
    return words[f"health_{trouble['trouble']}"].format(
        share=pct(trouble.get("share", 0.0), lang=lang),
        blocked=pct(trouble.get("blocked", 0.0), lang=lang),
        turns=localised(number(trouble.get("turns", 0.0)), lang),
        base=localised(number(trouble.get("baseline", 0.0)), lang),
        factor=localised(number(trouble.get("factor", 0.0)), lang), against=against)


#: The terminal report's width: the lines of prose wrap, the tables are made to fit.
WIDTH = 100
#: Kinds' names are cut to this many characters in the terminal's table.
NAME_WIDTH = 20


def _shape_rows(table: dict[str, Any], words: dict[str, str],
                lang: str) -> list[list[str]]:
    """The deck's figures, the baseline's estimates and the difference's intervals (the
    baseline's intervals are in the JSON and the PDF)."""
    deck, base, diff = table["deck"], table.get("baseline"), table.get("difference", {})
    rows = []
    measures = [(name, percent, deck[name], base[name] if base else None,
                 diff.get(name)) for name, percent in (
                     ("turns", False), ("points", False), ("reshuffles", False),
                     ("blocked", True), ("no_winner", True))]
    measures.append(("first_seat", True, deck["positions"][0],
                     base["positions"][0] if base else None, diff.get("first_seat")))
    for name, percent, mine, theirs, gap in measures:
        row = [words[name], interval_text(mine, percent=percent, lang=lang, bare=True)]
        if theirs is not None and gap is not None:
            row += [pct(theirs["estimate"], lang=lang) if percent
                    else localised(number(theirs["estimate"]), lang),
                    interval_text(gap, percent=percent, signed=True, lang=lang)]
        rows.append(row)
    return rows


def mercy_lines(table: dict[str, Any], words: dict[str, str], lang: str) -> list[str]:
    """The Mercy rule's figures (NM-09), a line each, for a deck that plays it: none for
    another. Each carries its 95 % interval; the first knock-out's turn, its quartiles."""
    mercy = table["deck"].get("mercy")
    if mercy is None:
        return []
    colon = typography(lang).before_colon + ": "
    figures = [("mercy_knocked", "knocked", True), ("mercy_knock_outs", "knock_outs", False),
               ("mercy_ended", "ended", True), ("mercy_first", "first_turn", False)]
    if not mercy["first_turn"]["n"]:  # no knock-out: no turn of the first to tell
        return [*(f"{words[key]}{colon}{interval_text(mercy[name], percent=percent, lang=lang)}"
                  for key, name, percent in figures[:3]), words["mercy_none"]]
    lines = [f"{words[key]}{colon}{interval_text(mercy[name], percent=percent, lang=lang)}"
             for key, name, percent in figures]
    q1, q2, q3 = mercy["first_quartiles"]
    lines.append(words["mercy_quartiles"].format(
        q1=q1, q2=q2, q3=q3, turns=localised(number(table["deck"]["turns"]["estimate"]), lang)))
    return lines


def _columns(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows if i < len(r)) for i in range(max(map(len, rows)))]
    return ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(r)).rstrip()
            for r in rows]


def _wrapped(lines: list[str]) -> list[str]:
    """Lines of prose wrapped to :data:`WIDTH`, each continuation under its text."""
    import textwrap

    out = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip(" -")))
        out += textwrap.wrap(line, WIDTH, subsequent_indent=indent,
                             break_on_hyphens=False) or [""]
    return out


def _short(name: str) -> str:
    return name if len(name) <= NAME_WIDTH else name[:NAME_WIDTH - 1] + "…"


def _kind_lines(table: dict[str, Any], words: dict[str, str], lang: str,
                tolerance: float) -> list[str]:
    """One row of figures per kind, its verdict in words on the line below."""
    rows = [[words["kind"], words["copies"], words["played"], words["effect_short"],
             words["round_length"]]]
    verdicts: list[str | None] = [None]
    for kind in table["kinds"]:
        played = localised(number(kind["per_round"]["played"], 2), lang)
        row = [_short(kind["name"][lang]), str(kind["copies"]), played]
        effect = kind.get("effect")
        if effect is None:
            verdicts.append(words["numbers_note"])
        else:
            verdict = settled_words(effect["holder_win"], words, tolerance, lang=lang)
            if kind.get("breaks_game"):  # measured in the game it breaks: not "weak"
                verdict = words["breaks_game"]
            length = effect_verdict(effect["turns"], words, "longer", "shorter", lang)
            if effect["turns"]["verdict"] != "unclear":
                verdict += words["and"] + length
            row += [interval_text(effect["holder_win"], percent=True, signed=True, lang=lang),
                    interval_text(effect["turns"], signed=True, lang=lang)]
            verdicts.append(verdict)
        rows.append(row)
    lines = []
    for line, said in zip(_columns(rows), verdicts, strict=True):
        lines.append(line)
        if said is not None:
            lines += _wrapped([f"    → {said}"])
    return lines


def format_table(table: dict[str, Any], report: dict[str, Any], lang: str = "en") -> str:
    """The terminal report of one player count, in :data:`WIDTH` columns."""
    words = labels(lang)
    n = table["players"]
    deck, against = deck_names(report, lang)
    head = "heading" if "baseline" in table else "heading_alone"
    lines = _wrapped([words[head].format(deck=deck, against=against, players=n,
                                         games=report["games"],
                                         rounds=table["deck"]["rounds"],
                                         seed=report["seed"])]) + [""]
    if "health" in table:
        names = {k["key"]: k["name"][lang] for k in table["kinds"]}
        lines += _wrapped(health_lines(table["health"], names,
                                       against if "baseline" in table else "", words, lang))
        lines.append("")
    lines.append(words["shape"])
    header = [words["measure"], words["deck"]]
    if "baseline" in table:
        header += [words["baseline"], words["difference"]]
    lines += _columns([header, *_shape_rows(table, words, lang)])
    lines += _wrapped(["  (" + words["fair_share"].format(
        share=pct(table["deck"]["fair_share"], lang=lang)) + ")"])
    if "mercy" in table["deck"]:
        lines += ["", words["mercy"].format(limit=table["deck"]["mercy"]["limit"])]
        lines += _wrapped([f"  {line}" for line in mercy_lines(table, words, lang)])
    tolerance = report["settling"]["tolerance"]
    lines += ["", words["kinds"], *_wrapped([settling_text("kinds_note", report, words, lang)])]
    lines += _kind_lines(table, words, lang, tolerance)
    if table["rules"]:
        lines += ["", words["rules"]]
        rule_rows = [[words["rule"], words["rule_length"], words["rule_turns"],
                      words["rule_first"]]]
        said: list[str | None] = [None]
        for rule in table["rules"]:
            rule_rows.append([rule["rule"],
                              interval_text(rule["length"], percent=True, signed=True,
                                            lang=lang),
                              interval_text(rule["turns"], signed=True, lang=lang),
                              interval_text(rule["first_seat"], percent=True, signed=True,
                                            lang=lang)])
            said.append(settled_words(rule["length"], words, tolerance, "longer", "shorter",
                                      "length_within", lang))
        for line, verdict in zip(_columns(rule_rows), said, strict=True):
            lines.append(line)
            if verdict is not None:
                lines += _wrapped([f"    → {verdict}"])
    return "\n".join(lines)


def format_report(report: dict[str, Any], lang: str = "en") -> str:
    return "\n\n".join(format_table(t, report, lang) for t in report["tables"])


def standing_out(kinds: list[dict[str, Any]], overall: float) -> list[dict[str, Any]]:
    """The kinds whose holders (dealt one) win more or less often than a player's
    ``overall`` share of rounds, told apart from chance: the holders' interval leaves
    that share out, its confidence raised for the number of kinds looked at
    (Bonferroni), so that among ten kinds with no effect none is named by chance alone."""
    from statistics import NormalDist

    from cardgen.balance.stats import wilson

    looked_at = [k for k in kinds if k["ablated"] and k["win_dealt"]["n"]]
    z = NormalDist().inv_cdf(1 - 0.025 / max(1, len(looked_at)))
    found = []
    for kind in looked_at:
        won = kind["win_dealt"]
        p, se = won["estimate"], won["se"]
        effective = min(won["n"], p * (1 - p) / (se * se)) if se > 0 else won["n"]
        low, high = wilson(p * effective, effective, z)
        if not low <= overall <= high:
            found.append({**kind, "interval": [low, high]})
    return sorted(found, key=lambda k: -abs(k["win_dealt"]["estimate"] - overall))
