"""tcompare/gui/drawing: TODO face."""
