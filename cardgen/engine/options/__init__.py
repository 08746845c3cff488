"""The options several sources share, one module per mechanic, under the headings of
``cardgen/data/options.toml``: stacking, jump-ins, hands that move, runs, draws, the
strict +4, cursed cards, Rapido, Olympique and its rotating partners."""
