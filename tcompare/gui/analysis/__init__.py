"""tcompare/gui/analysis: TODO face."""
