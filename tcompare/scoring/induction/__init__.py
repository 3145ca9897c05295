"""Grammar-induction evaluation (unsupervised constituency parsing): unlabeled span F1 with
the variants papers use, each named -- `profile.py` (the ``grammar-induction`` profile and its
variants ``compound-pcfg``, ``prpn``, ``strict``), `spans.py` (which spans count, the two
averages, the scripts' float arithmetic).  docs/metrics-induction.md cites the scripts."""
