"""reports models."""
