"""The house-rules sheet (seed 003): the blank card and the sheet's own options."""
