"""tcompare/gui/editor: TODO face."""
