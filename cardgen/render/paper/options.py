"""What `cardgen sheets` asks for, as one value, and every reason to refuse it.

The command line reads its options into one :class:`SheetOptions` and checks it here,
before the deck is read: options given together that cannot be (an :class:`OptionClash`,
said with the command's usage), then values that cannot give a good sheet. The drawing
functions take the same value.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from cardgen.catalogue.face_languages import FRENCH_AND_ENGLISH, FaceLanguages
from cardgen.errors import CardgenError
from cardgen.render.layout import CardSize, design_size, layout
from cardgen.render.paper.cutter import (
    CUT_FILE_CHOICES,
    CUTTER_CHOICES,
    CutFile,
    Cutter,
    cutter_grid,
)
from cardgen.render.paper.imposition import (
    CUT_LINE_CHOICES,
    FLIP_CHOICES,
    CutLines,
    Flip,
    FoldSheet,
    Grid,
    fold_sheet_for,
    grid_for,
)
from cardgen.render.paper.printers import check_name
from cardgen.render.paper.shops import Order, profile_clash

Only = Literal["all", "specials"]
ONLY_CHOICES: tuple[Only, ...] = ("all", "specials")
#: How far a back may be shifted to make up for a printer's drift, in mm.
MAX_BACK_OFFSET_MM = 10.0
#: What `--alignment-test` takes besides itself; it prints no deck.
ALIGNMENT_OPTIONS = ("--paper", "--flip", "--back-offset", "--printer", "--lang")
#: What one card a page for a print shop has no use for: no paper, no mirrored backs.
NOT_WITH_PRINT_SHOP = ("--paper", "--backs", "--fold", "--back-offset", "--flip",
                       "--printer", "--cut-lines", "--cutter", "--cut-file")


class OptionClash(CardgenError):
    """Options given together that cannot be: the command line says it with its usage."""


@dataclass(frozen=True)
class SheetOptions:
    """What `cardgen sheets` asks for; lengths in millimetres. ``typed``: the options
    given on the command line (``--order`` …), in the order they were given, since some
    are refused only when given."""

    paper: str = "a4"
    bleed_mm: float = 0.0
    only: Only = "all"
    backs: bool = False
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    lang: FaceLanguages = FRENCH_AND_ENGLISH
    players: int | None = None
    size: CardSize = field(default_factory=design_size)
    print_shop: bool = False  # one card a page for a print shop (cardgen.render.paper.printshop)
    flip: Flip = "long"  # the edge a duplex printer turns the paper over
    cut_lines: CutLines = "auto"  # may neighbours share their cut lines (with a bleed)?
    cutter: Cutter | None = None  # a cutting machine's marks instead of cut marks
    cut_file: CutFile = "svg"  # the format of the cutting machine's cut file
    fold: bool = False  # faces and their backs side by side, to fold in two
    order: Order = "faces-then-backs"  # the pages of a print shop's file
    shop: str | None = None  # a print shop's profile (its name or file) sets the file
    printer: str | None = None  # the name a home printer's offset and flip are kept under
    alignment_test: bool = False  # the two pages that measure a printer, instead of a deck
    no_color_shapes: bool = False
    low_ink: bool = False
    typed: tuple[str, ...] = ()

    @classmethod
    def asked(cls, values: Mapping[str, Any], typed: Sequence[str] = ()) -> SheetOptions:
        """The options of a `cardgen sheets` command line, by their names there; no
        ``bleed`` is none on a home sheet, the print shops' usual one with ``print_shop``."""
        bleed = values["bleed"]
        if bleed is None:
            bleed = layout().print_shop_bleed_mm if values["print_shop"] else 0.0
        return cls(paper=values["paper"], bleed_mm=bleed, only=values["only"],
                   backs=values["backs"], back_offset_mm=values["back_offset"],
                   lang=values["lang"], players=values["players"], size=values["size"],
                   print_shop=values["print_shop"], flip=values["flip"],
                   cut_lines=values["cut_lines"], cutter=values["cutter"],
                   cut_file=values["cut_file"], fold=values["fold"], order=values["order"],
                   shop=values["shop"], printer=values["printer"],
                   alignment_test=values["alignment_test"],
                   no_color_shapes=values["no_color_shapes"], low_ink=values["low_ink"],
                   typed=tuple(typed))

    def check(self, deck: bool = True) -> None:
        """Refuse options given together that cannot be (:class:`OptionClash`), then
        options that cannot give a good sheet, each with what to do instead. ``deck``:
        whether a deck is given (the alignment test prints none)."""
        if self.printer is not None and (self.backs or self.alignment_test):
            self._check_printer()
        if self.alignment_test or not deck:
            self._check_alignment_test(deck)
        elif self.shop is not None:
            clash = profile_clash(self.typed)
            if clash:
                raise OptionClash(clash)
            return  # the profile sets the rest
        else:
            self._check_together()
        self._check_values()

    def _given(self, *names: str) -> list[str]:
        return [name for name in names if name in self.typed]

    def _check_printer(self) -> None:
        """A printer's name, and the offset to keep under it."""
        check_name(self.printer or "")
        if "--back-offset" in self.typed and not self._offset_in_range():
            raise OptionClash(f"Invalid value for '--back-offset': give two shifts of at "
                              f"most {MAX_BACK_OFFSET_MM:g} mm each, like 1.5,-2")

    def _offset_in_range(self) -> bool:
        return all(abs(v) <= MAX_BACK_OFFSET_MM for v in self.back_offset_mm)

    def _check_alignment_test(self, deck: bool) -> None:
        if not deck and not self.alignment_test:
            raise OptionClash("give a DECK to print (or --alignment-test)")
        if deck:
            raise OptionClash("--alignment-test prints no deck; leave DECK out")
        others = [name for name in self.typed
                  if name not in (*ALIGNMENT_OPTIONS, "--alignment-test")]
        if others:
            raise OptionClash(f"--alignment-test takes --paper, --flip, --back-offset, "
                              f"--printer, --lang and -o; leave out {', '.join(others)}")

    def _check_together(self) -> None:
        """Options that only mean something with another one."""
        if not self.print_shop and "--order" in self.typed:
            raise OptionClash("--order sets the order of a print shop's pages: add "
                              "--print-shop, or leave --order out")
        if self.print_shop:
            given = self._given(*NOT_WITH_PRINT_SHOP)
            if given:
                raise OptionClash(f"--print-shop writes one card a page, its backs after "
                                  f"the faces; leave out {', '.join(given)}")
        elif self.cutter is None and "--cut-file" in self.typed:
            raise OptionClash("--cut-file is the format of a cutting machine's cut file: "
                              "add --cutter silhouette, or leave --cut-file out")
        elif not self.backs and "--back-offset" in self.typed:
            raise OptionClash("--back-offset shifts the pages of backs: add --backs, or "
                              "leave --back-offset out")
        elif not self.backs and self.printer is not None:
            raise OptionClash("--printer sets the shift and flip of the pages of backs: "
                              "add --backs, or leave --printer out")
        if self.fold and "--flip" in self.typed:
            raise OptionClash("--flip is the edge a duplex printer turns the paper over; "
                              "--fold prints on one side: leave out --flip")

    def _check_values(self) -> None:
        """Refuse options that cannot give a good sheet, with what to use instead."""
        papers = layout().papers
        if self.paper not in papers:
            raise CardgenError(f"paper '{self.paper}' is unknown; use one of "
                               f"{', '.join(papers)}")
        top = layout().sheet.max_bleed_mm
        if not 0 <= self.bleed_mm <= top or math.isnan(self.bleed_mm):
            raise CardgenError(f"--bleed {self.bleed_mm:g} mm is out of range; give a bleed "
                               f"from 0 to {top:g} mm")
        if not self._offset_in_range():
            raise CardgenError("--back-offset must be two shifts of at most "
                               f"{MAX_BACK_OFFSET_MM:g} mm each, like 1.5,-2")
        if self.only not in ONLY_CHOICES:
            raise CardgenError(f"--only '{self.only}' is unknown; use all or specials")
        if self.flip not in FLIP_CHOICES:
            raise CardgenError(f"--flip '{self.flip}' is unknown; use long or short")
        if self.cut_lines not in CUT_LINE_CHOICES:
            raise CardgenError(f"--cut-lines '{self.cut_lines}' is unknown; use "
                               f"{', '.join(CUT_LINE_CHOICES)}")
        if self.cutter is not None and self.cutter not in CUTTER_CHOICES:
            raise CardgenError(f"--cutter '{self.cutter}' is unknown; use "
                               f"{', '.join(CUTTER_CHOICES)}")
        if self.cut_file not in CUT_FILE_CHOICES:
            raise CardgenError(f"--cut-file '{self.cut_file}' is unknown; use svg or dxf")
        if self.cutter is not None and self.cut_lines == "shared":
            raise CardgenError("a cutting machine cuts each card on its own outline; leave "
                               "out --cut-lines shared")
        if self.fold:
            self._check_fold()

    def _check_fold(self) -> None:
        """A fold-over page holds the backs itself, and keeps a gutter for the fold."""
        clashes = [name for name, given in (
            ("--backs", self.backs), ("--print-shop", self.print_shop),
            ("--cutter", self.cutter is not None),
            ("--cut-lines shared", self.cut_lines == "shared")) if given]
        if clashes:
            raise CardgenError(f"--fold puts each back beside its face on the same page, "
                               f"cards apart for the fold; leave out {', '.join(clashes)}")

    def for_shop(self, bleed_mm: float, size: CardSize) -> SheetOptions:
        """One card a page at a print shop's bleed and size: of these options, only the
        cards, their languages and the players are the user's."""
        return SheetOptions(bleed_mm=bleed_mm, only=self.only, lang=self.lang,
                            players=self.players, size=size, print_shop=True)

    def fold_sheet(self) -> FoldSheet:
        """The fold-over page of this paper, card size and bleed."""
        return fold_sheet_for(self.paper, self.bleed_mm, self.size)

    def per_page(self) -> int:
        """The cards a page of faces holds (with --fold, a page of faces and backs)."""
        return self.fold_sheet().per_page if self.fold else self.grid().per_page

    def grid(self) -> Grid:
        """The grid of this paper, card size, bleed and cut lines (or cutting machine)."""
        if self.fold:
            return self.fold_sheet().grid
        if self.cutter is not None:
            return cutter_grid(self.cutter, self.paper, self.bleed_mm, self.size)
        return grid_for(self.paper, self.bleed_mm, self.size, self.cut_lines)
