"""THE shared scorer: profiles, items and verdicts. Pure functions, no Qt, no file paths."""
