"""Commands that run things (run, stress, show, export, serve, mock-llm) register here."""

from __future__ import annotations
