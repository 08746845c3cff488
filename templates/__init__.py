"""The rulebook templates, installed as package data (see pyproject.toml)."""
