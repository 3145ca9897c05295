"""Exports of drawn comparisons: SVG, PDF, LaTeX (forest, tikz-dependency), DOT."""
