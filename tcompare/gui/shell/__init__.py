"""tcompare/gui/shell: TODO face."""
