"""What a round says: one frozen value per kind of thing that happens at the table.

The round emits these values (``state.log(Drew(2, ("red-7",)))``), never sentences. Each
prints as the referee's English line the transcripts and ``cardgen explain`` have always
shown (``str(event)``), and a narrator (:mod:`cardgen.table.narrator`) says it to each
seat in that seat's language, leaving out what the seat may not see. Seats are the
round's (``P0`` is seat 0); cards are the deck's card ids, so an event reads alone.

A plugin says its own things with a subclass of :class:`Event` (see
:class:`cardgen.engine.api.PluginEvent`): its words come from its catalogue, and it names the
seats that may see what the others may not.

The kinds are grouped by what they are about: :mod:`.deal`, :mod:`.draws`,
:mod:`.turns`, :mod:`.cards`, :mod:`.table`; :mod:`.event` holds their base.
"""

from __future__ import annotations

from cardgen.engine.events.cards import (
    Buried,
    Discarded,
    DiscardedSome,
    Gave,
    HandsMoved,
    HandsSwapped,
    Laid,
    LaidTogether,
    SeesHand,
)
from cardgen.engine.events.deal import (
    DealDirection,
    DealSize,
    Dealt,
    Drew,
    FirstCard,
    FirstCardBack,
    HandDealt,
    Reshuffled,
)
from cardgen.engine.events.draws import (
    BlocksFour,
    Cancelled,
    ChainCancelled,
    ChallengeSettled,
    DrawBack,
    DrawGoesTo,
    DrawGrows,
    DrawPassesOn,
    DrawWaiting,
    MayChallenge,
    SkipBack,
    SkipPassedOn,
)
from cardgen.engine.events.event import Event, Note, cards_text
from cardgen.engine.events.table import (
    BackInRound,
    BlackFinishRefused,
    CounterUnoCaught,
    CursedCard,
    DispenserPressed,
    IsOut,
    LauncherPressed,
    Picked,
    PositionRepeated,
    RoundOver,
    ShoutsFirst,
    Vote,
    WheelSpun,
)
from cardgen.engine.events.turns import (
    LosesTurn,
    PairSkips,
    TurnFollowsHand,
    TwosRoundBegins,
    WillMissTurn,
)

__all__ = [
    "Event",
    "DrawWaiting",
    "Note",
    "cards_text",
    "Dealt",
    "HandDealt",
    "DealSize",
    "DealDirection",
    "FirstCardBack",
    "FirstCard",
    "Reshuffled",
    "Drew",
    "ChallengeSettled",
    "DrawGrows",
    "MayChallenge",
    "BlocksFour",
    "SkipPassedOn",
    "ChainCancelled",
    "DrawPassesOn",
    "SkipBack",
    "DrawBack",
    "DrawGoesTo",
    "Cancelled",
    "LosesTurn",
    "WillMissTurn",
    "PairSkips",
    "TurnFollowsHand",
    "TwosRoundBegins",
    "Laid",
    "LaidTogether",
    "HandsSwapped",
    "HandsMoved",
    "DiscardedSome",
    "Discarded",
    "Buried",
    "Gave",
    "SeesHand",
    "CounterUnoCaught",
    "DispenserPressed",
    "LauncherPressed",
    "CursedCard",
    "ShoutsFirst",
    "WheelSpun",
    "Vote",
    "BlackFinishRefused",
    "IsOut",
    "BackInRound",
    "PositionRepeated",
    "RoundOver",
    "Picked",
]
