"""The example decks, installed as package data: `cardgen examples DIR` copies them out,
and `cardgen new NAME --from EXAMPLE` starts a deck from one."""
