"""The saved object TTS loads: its JSON, as TTS itself writes a custom deck."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

#: What TTS writes for an object nobody has moved or tinted: at the table's centre, one
#: unit up, face down (rotated 180 degrees about z), the default grey tint.
_TRANSFORM = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
              "rotZ": 180.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}
_TINT = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}
_FLAGS = {"Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
          "Tooltip": True, "GridProjection": False, "HideWhenFaceDown": True,
          "SidewaysCard": False, "Description": "", "GMNotes": "", "LuaScript": "",
          "LuaScriptState": "", "XmlUI": ""}
#: The card id of a sheet's cell: sheet number x 100 + the cell's index (TTS's rule).
ID_PER_SHEET = 100


def saved_object(title: str, names: Sequence[str], sheets: Sequence[Path],
                 backs: Sequence[Path], grid: tuple[int, int],
                 unique_back: bool) -> dict[str, Any]:
    """The saved object of a deck named ``title`` whose copies, named ``names`` in order,
    fill ``sheets`` cell by cell (69 a sheet); ``backs`` has one image, or one per sheet
    when the backs differ."""
    columns, rows = grid
    per_sheet = columns * rows - 1
    decks = {str(number): {
        "FaceURL": face.resolve().as_uri(),
        "BackURL": (backs[number - 1] if unique_back else backs[0]).resolve().as_uri(),
        "NumWidth": columns, "NumHeight": rows, "BackIsHidden": True,
        "UniqueBack": unique_back, "Type": 0} for number, face in enumerate(sheets, start=1)}
    ids = [(index // per_sheet + 1) * ID_PER_SHEET + index % per_sheet
           for index in range(len(names))]
    cards = [{"Name": "Card", "Nickname": name, "CardID": card_id, "Hands": True,
              "CustomDeck": {str(card_id // ID_PER_SHEET): decks[str(card_id // ID_PER_SHEET)]},
              "Transform": _TRANSFORM, "ColorDiffuse": _TINT, **_FLAGS}
             for name, card_id in zip(names, ids, strict=True)]
    deck = {"Name": "DeckCustom", "Nickname": title, "DeckIDs": ids, "CustomDeck": decks,
            "ContainedObjects": cards, "Hands": False, "Transform": _TRANSFORM,
            "ColorDiffuse": _TINT, **_FLAGS}
    # A saved object is a save file whose outer fields are left empty (or at their
    # defaults): TTS names it by its file and keeps only its objects.
    return {"SaveName": "", "GameMode": "", "GameType": "", "GameComplexity": "",
            "Tags": [], "Date": "", "VersionNumber": "", "Gravity": 0.5, "PlayArea": 0.5,
            "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "TabStates": {}, "ObjectStates": [deck]}


def saved_object_bytes(state: dict[str, Any]) -> bytes:
    """The saved object as TTS reads it: JSON in UTF-8, every name as it is written."""
    return (json.dumps(state, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()
