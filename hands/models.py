"""hands models."""
