"""What goes to paper: print-and-cut sheets (their imposition, the alignment test,
cutting machines) and print-shop files (shop profiles, PDF/X)."""
