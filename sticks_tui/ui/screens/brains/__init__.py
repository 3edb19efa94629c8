"""The brains screen: the saved brains, listed, started, reset, exported, imported and played
(``screen``), and its dialogs (``modals``)."""
