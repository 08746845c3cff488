"""Write every reference picture of the visual regression check anew.

    python tests/visual/update.py

Run it when a change to faces, sheets or rulebooks is meant, look at the pictures it
wrote (git shows which changed), and commit them with the change. It renders the cases
of ``visual_cases.py`` exactly as ``tests/render/test_visual.py`` does, from any folder, and
removes the references of cases that no longer exist.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from visual_cases import CASES, HERE, reference_path, save_png  # noqa: E402


def main() -> int:
    wanted = {reference_path(case) for case in CASES}
    try:  # every picture first: a case that cannot be made leaves the old set whole
        images = [(reference_path(case), case.render()) for case in CASES]
    except LookupError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    for path, image in images:
        save_png(image, path)
        print(f"wrote {path.relative_to(HERE.parent.parent)} ({path.stat().st_size // 1024} KB)")
    for stale in sorted(set(HERE.glob("*.png")) - wanted):
        stale.unlink()
        print(f"removed {stale.relative_to(HERE.parent.parent)} (no such case any more)")
    total = sum(path.stat().st_size for path in wanted)
    print(f"{len(wanted)} references, {total // 1024} KB in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
