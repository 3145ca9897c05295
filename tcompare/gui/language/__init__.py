"""The interface's language: `tr` and the translations, terms and texts from below the GUI
in the interface's language, the spoken selection, accessibility."""
