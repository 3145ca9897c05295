"""tcompare/gui/teaching: TODO face."""
