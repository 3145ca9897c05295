"""tcompare/gui/language: TODO face."""
