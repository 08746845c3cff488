"""UNO Attack (Mattel's launcher edition, docs/rules.md AT-01 …): the launcher's press
and the rule that turns a deck's draws into presses (`.launcher`), and the cards that
make others press (`.cards`)."""
