"""tcompare/scoring/jpevalb: TODO face."""
