"""jp-evalb's family (alignment-based PARSEVAL, Jo et al.; ``jp-evalb.py``).

One engine, so the face only names the rooms:
* `core` -- the sentence walk and the alignment of words across different tokenisations
  (`read_lines`, `JpEvalbCrash` where the program crashes);
* `profile` -- the per-item profile (`JpEvalbProfile`);
* `report` -- the program's text, byte for byte, printing only.
"""
