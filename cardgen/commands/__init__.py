"""Click commands beside ``cli.py``, one module per group of commands, and the parameter
types they share."""
