"""The comparison drawings: tree and dependency views, verdict colours and legend, what is
drawn over them, and exporting a drawing (the dialog and the renderer `tcompare export` uses)."""
