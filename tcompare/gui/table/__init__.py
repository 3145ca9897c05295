"""The sentence table: its model (columns, verdict counts per row) and the panel with its filters."""
