"""For the classroom: the Explain dock (how a score is counted, step by step), presentation
mode and Live trees (type two trees, see them scored)."""
