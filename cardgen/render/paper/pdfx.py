"""A CMYK PDF made to identify as PDF/X-1a:2003, the file a print shop's preflight reads.

reportlab draws the pages (CMYK only, fonts embedded or text drawn as outlines, no
transparency: see :mod:`.printshop`); it cannot write an OutputIntent, so pikepdf adds
the document-level parts PDF/X-1a:2003 asks for: the OutputIntent naming the printing
condition, the ``GTS_PDFXVersion`` and ``Trapped`` keys, and a document ID; it also
drops the empty font resources an outlined file leaves. The printing condition is
a characterization registered at the ICC, named by its identifier with the registry's
address; PDF/X-1a allows that without an embedded ICC profile, so none is shipped.

The file stays byte-identical for the same input: reportlab's invariant mode fixes the
dates, and the ID is derived from the content. The file is saved as PDF 1.4 without
object streams, as PDF/X-1a:2003 requires.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgen.render.paper.shops import OutputIntent

PDFX_VERSION = "PDF/X-1a:2003"


def as_pdfx1a(pdf: bytes, intent: OutputIntent) -> bytes:
    """``pdf`` (CMYK pages with TrimBox and BleedBox) with the PDF/X-1a:2003 structure."""
    import pikepdf  # only here: no other command needs it loaded
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            # PDF/X asks every page for its trim; the boxes are the print shop's own.
            assert "/TrimBox" in page.obj and "/BleedBox" in page.obj, "a page has no boxes"
        _drop_empty_fonts(document)
        document.Root.OutputIntents = pikepdf.Array([document.make_indirect(
            pikepdf.Dictionary(
                Type=pikepdf.Name.OutputIntent,
                S=pikepdf.Name.GTS_PDFX,
                OutputConditionIdentifier=pikepdf.String(intent.identifier),
                OutputCondition=pikepdf.String(intent.condition),
                RegistryName=pikepdf.String(intent.registry),
                Info=pikepdf.String(intent.info)))])
        info = document.docinfo
        info[pikepdf.Name.GTS_PDFXVersion] = pikepdf.String(PDFX_VERSION)
        info[pikepdf.Name.Trapped] = pikepdf.Name("/False")
        out = io.BytesIO()
        document.save(out, deterministic_id=True, force_version="1.4",
                      object_stream_mode=pikepdf.ObjectStreamMode.disable,
                      compress_streams=True)
    return out.getvalue()


def without_empty_fonts(pdf: bytes) -> bytes:
    """``pdf`` without the empty /Font dictionaries reportlab leaves in the resources of
    a file whose text is all outlines (:mod:`.outlines`): no font named anywhere."""
    import pikepdf
    with pikepdf.open(io.BytesIO(pdf)) as document:
        _drop_empty_fonts(document)
        out = io.BytesIO()
        document.save(out, deterministic_id=True, compress_streams=True)
    return out.getvalue()


def _drop_empty_fonts(document: Any) -> None:
    """Remove every empty /Font of the resources of pages and forms (a file with text in
    fonts has none empty, and is left as it was)."""
    import pikepdf
    for each in document.objects:
        owner = each.stream_dict if isinstance(each, pikepdf.Stream) else each
        if not isinstance(owner, pikepdf.Dictionary) or "/Resources" not in owner:
            continue
        resources = owner.Resources
        if "/Font" in resources and len(resources.Font) == 0:
            del resources.Font
