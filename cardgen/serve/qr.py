"""The join link as a QR code, for the terminal and for the page (segno, pure Python),
so that a phone joins by pointing its camera at either."""

from __future__ import annotations

import io

import segno


def terminal_qr(url: str) -> str:
    """The code in Unicode half blocks, two rows of modules to a line of text."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def svg_qr(url: str) -> bytes:
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=5, border=2, xmldecl=False)
    return out.getvalue()
