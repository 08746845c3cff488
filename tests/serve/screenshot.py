"""Take the README's picture of a table (docs/images/serve-table.png) in the real
browser: Ann on a phone, with Béa and a bot, a few moves into the classic deck's first
round. Run it again after a change to the page: python tests/serve/screenshot.py
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # (run as a script)

from PIL import Image  # noqa: E402
from serve.browser import browser  # noqa: E402
from serve.running import running_table  # noqa: E402
from serve.test_serve_browser import CHOOSE, READ, sit  # noqa: E402

from cardgen.serve.table import Timing  # noqa: E402

PICTURE = Path(__file__).resolve().parents[2] / "docs" / "images" / "serve-table.png"


def main() -> None:
    timing = Timing(pace=0.0, absent_after=60.0, round_pause=3.0)
    with running_table("classic", players=3, seed="2", timing=timing) as server, \
            browser(412, 860) as ann, browser(412, 860) as bea:
        sit(ann, server.url, 0, "Ann", "en")
        sit(bea, server.url, 1, "Béa", "fr")
        ann.execute_script("document.getElementById('start').click()")
        moves = 0
        while moves < 6:  # a few moves, so that the table has a story
            for page in (ann, bea):
                if page.execute_script(READ)["asked"] and not (page is ann and moves >= 5):
                    page.execute_script(CHOOSE)
                    moves += 1
            time.sleep(0.1)
        while not ann.execute_script(READ)["asked"]:
            time.sleep(0.1)
        time.sleep(4.0)  # (the faces load: the first image of a language draws them all)
        shot = Image.open(io.BytesIO(ann.get_screenshot_as_png()))
    # Half the phone's three pixels a point: sharp enough, a third of the file.
    shot = shot.resize((shot.width // 2, shot.height // 2), Image.LANCZOS)
    shot.quantize(256).save(PICTURE, optimize=True)  # (a palette: a third of the file)
    print(f"wrote {PICTURE}")


if __name__ == "__main__":
    main()
