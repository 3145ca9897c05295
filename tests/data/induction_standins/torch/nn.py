"""Stand-in (imported, unused on the scoring path)."""
