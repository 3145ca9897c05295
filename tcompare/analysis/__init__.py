"""Error analysis over scorer results: breakdowns by label, length, class; tree patterns."""
