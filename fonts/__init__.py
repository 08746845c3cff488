"""The fonts cardgen embeds, installed as package data (see pyproject.toml)."""
