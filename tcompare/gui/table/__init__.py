"""tcompare/gui/table: TODO face."""
