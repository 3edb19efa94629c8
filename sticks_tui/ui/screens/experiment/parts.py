"""What the experiment's worker thread tells its screen: each run that ends, and the end."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from ....engine.experiment import ConfigurationSummary, ExperimentResult


@dataclass
class ExperimentProgress(Message):
    """A run has ended: ``done`` of ``total``."""

    done: int
    total: int

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, ExperimentProgress)


@dataclass
class ExperimentDone(Message):
    """Every run ended, or the cancel came: the finished runs and their summaries."""

    result: ExperimentResult
    summaries: list[ConfigurationSummary]
