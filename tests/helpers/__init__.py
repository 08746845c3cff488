"""What several test folders share: running the command line (:mod:`.cli`), setting up
rule scenarios (:mod:`.rules`), reading colours and text back from PDFs
(:mod:`.pdf_colours`, :mod:`.rulebook_pdfs`), and where the test data lives
(:mod:`.paths`). ``pythonpath = ["tests"]`` in pyproject.toml makes it importable from
every folder as ``helpers``."""
