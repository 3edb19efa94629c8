"""The command line: ``sticks-tui`` and its commands (``main`` parses and dispatches; each
command is a module of its own; ``args`` holds what their options share)."""
