"""Why points were lost, in docks: the label breakdown, the error analysis with its queries,
the charts, and two systems side by side."""
