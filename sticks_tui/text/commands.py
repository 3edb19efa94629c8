"""Commands as a user types them, for messages that say what to type next: a word quoted for a
shell, and the options of the ``brain`` command that name a saved brain."""

from __future__ import annotations

from ..engine.game import Rules
from ..engine.games import spec_of
from ..engine.learners import learner_names
from ..engine.machines import default_ai_name


def brain_options(rules: Rules, learner: str, ai_name: str) -> str:
    """The ``brain`` command's options that name this saved brain, for messages that say what
    to type: ``--game nim:1,3,5,7 --learner q``; the defaults are left out."""
    options = [f"--game {shell_word(spec_of(rules))}"]
    if learner != learner_names()[0]:  # --learner's default
        options.append(f"--learner {learner}")
    if ai_name != default_ai_name(learner):
        options.append(f"--ai {shell_word(ai_name)}")
    return " ".join(options)


def shell_word(text: str) -> str:
    """``text`` as one word for a shell: quoted when it holds anything but plain characters."""
    if text and all(ch.isalnum() or ch in ",.:_-+/=" for ch in text):
        return text
    return "'" + text.replace("'", "'\\''") + "'"
