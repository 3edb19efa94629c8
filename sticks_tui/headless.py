"""Headless commands for scripting and teaching: ``train`` and ``solve``."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add this module's commands to the command line (being written)."""
