"""Placeholder: replaced below."""
PerlHash = dict
